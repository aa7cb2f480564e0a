package java.util.function;

@FunctionalInterface
public interface UnaryOperator<T> extends Function<T, T> {
    @SuppressWarnings("unchecked")
    static <T> UnaryOperator<T> identity() {
        return (UnaryOperator<T>) Support.Identity.INSTANCE;
    }
}
