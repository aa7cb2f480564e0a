package java.lang.reflect;

/**
 * Only array creation from a component type (needed by Arrays.copyOf and
 * Collection.toArray(T[])). gcvm has no other reflection.
 */
public final class Array {

    private Array() {
    }

    public static Object newInstance(Class<?> componentType, int length)
            throws NegativeArraySizeException {
        if (componentType == null) {
            throw new NullPointerException();
        }
        if (componentType == Void.TYPE) {
            throw new IllegalArgumentException("Can not create an array of void");
        }
        return newArray(componentType, length);
    }

    /** VM: allocates a new array of {@code length} elements of {@code componentType}. */
    private static native Object newArray(Class<?> componentType, int length);
}
