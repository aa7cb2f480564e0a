package java.lang.reflect;

import jdk.internal.gcvm.Reflection;

/**
 * A constructor. {@code newInstance} checks access, refuses enum and abstract classes as the JDK
 * does, initialises the class and allocates the object, then runs the constructor through the
 * same call path as {@link Method#invoke} (arguments checked there).
 */
public final class Constructor<T> extends Executable {

    Constructor(Class<T> clazz, int index, Class<?>[] parameterTypes,
            Class<?>[] exceptionTypes, int modifiers) {
        super(clazz, index, parameterTypes, exceptionTypes, modifiers);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<T> getDeclaringClass() {
        return (Class<T>) clazz;
    }

    /** The binary name of the declaring class. */
    @Override
    public String getName() {
        return clazz.getName();
    }

    @Override
    public int getModifiers() {
        return modifiers;
    }

    @SuppressWarnings("unchecked")
    public T newInstance(Object... initargs) throws InstantiationException,
            IllegalAccessException, IllegalArgumentException, InvocationTargetException {
        if (!override) {
            checkAccess(Reflection.callerClass(), clazz, clazz, modifiers);
        }
        int classModifiers = clazz.getModifiers();
        if ((classModifiers & Modifier.ENUM) != 0) {
            throw new IllegalArgumentException("Cannot reflectively create enum objects");
        }
        if (Modifier.isAbstract(classModifiers)) {
            throw new InstantiationException();
        }
        Object obj = Reflection.allocate(clazz);
        call(obj, initargs, false, Void.TYPE);
        return (T) obj;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Constructor)) {
            return false;
        }
        Constructor<?> other = (Constructor<?>) obj;
        return clazz == other.clazz
                && java.util.Arrays.equals(parameterTypes, other.parameterTypes);
    }

    @Override
    public int hashCode() {
        return clazz.getName().hashCode();
    }

    /** As the JDK: {@code public Foo(int,java.lang.String)}. */
    @Override
    public String toString() {
        return sharedToString(Modifier.constructorModifiers(), false);
    }

    @Override
    void specificToStringHeader(StringBuilder sb) {
        sb.append(clazz.getTypeName());
    }
}
