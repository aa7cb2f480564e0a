package java.lang.reflect;

import jdk.internal.gcvm.Reflection;

/**
 * A method of a class or interface. {@code invoke} checks access (unless made accessible), the
 * receiver (NullPointerException, "object is not an instance of declaring class") and the
 * arguments like HotSpot's native accessor, then calls through the VM with virtual or interface
 * dispatch for instance methods (a private method is called directly).
 */
public final class Method extends Executable {

    private final String name;
    private final Class<?> returnType;

    Method(Class<?> clazz, int index, String name, Class<?>[] parameterTypes,
            Class<?> returnType, Class<?>[] exceptionTypes, int modifiers) {
        super(clazz, index, parameterTypes, exceptionTypes, modifiers);
        this.name = name;
        this.returnType = returnType;
    }

    @Override
    public Class<?> getDeclaringClass() {
        return clazz;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getModifiers() {
        return modifiers;
    }

    public Class<?> getReturnType() {
        return returnType;
    }

    public boolean isBridge() {
        return (modifiers & Modifier.BRIDGE) != 0;
    }

    /** A public non-abstract instance method of an interface. */
    public boolean isDefault() {
        return ((modifiers & (Modifier.ABSTRACT | Modifier.PUBLIC | Modifier.STATIC))
                == Modifier.PUBLIC) && clazz.isInterface();
    }

    public Object invoke(Object obj, Object... args)
            throws IllegalAccessException, IllegalArgumentException, InvocationTargetException {
        boolean isStatic = Modifier.isStatic(modifiers);
        if (!override) {
            checkAccess(Reflection.callerClass(), clazz, isStatic ? null : obj.getClass(),
                    modifiers);
        }
        if (!isStatic) {
            if (obj == null) {
                throw new NullPointerException();
            }
            if (!clazz.isInstance(obj)) {
                throw new IllegalArgumentException("object is not an instance of declaring class");
            }
        }
        return call(isStatic ? null : obj, args, !isStatic, returnType);
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Method)) {
            return false;
        }
        Method other = (Method) obj;
        return clazz == other.clazz && name.equals(other.name)
                && returnType == other.returnType
                && java.util.Arrays.equals(parameterTypes, other.parameterTypes);
    }

    @Override
    public int hashCode() {
        return clazz.getName().hashCode() ^ name.hashCode();
    }

    /** As the JDK: {@code public static void Foo.main(java.lang.String[]) throws X}. */
    @Override
    public String toString() {
        return sharedToString(Modifier.methodModifiers(), isDefault());
    }

    @Override
    void specificToStringHeader(StringBuilder sb) {
        sb.append(returnType.getTypeName()).append(' ');
        sb.append(clazz.getTypeName()).append('.').append(name);
    }
}
