package java.util.function;

@FunctionalInterface
public interface DoubleFunction<R> {
    R apply(double value);
}
