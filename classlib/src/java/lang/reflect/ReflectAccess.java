package java.lang.reflect;

import jdk.internal.gcvm.Reflection;

/** Lets jdk.internal.gcvm.Reflection create members through their package-private constructors. */
final class ReflectAccess implements Reflection.MemberFactory {

    public Field newField(Class<?> declaringClass, int index, String name, Class<?> type,
            int modifiers) {
        return new Field(declaringClass, index, name, type, modifiers);
    }

    public Method newMethod(Class<?> declaringClass, int index, String name,
            Class<?>[] parameterTypes, Class<?> returnType, Class<?>[] exceptionTypes,
            int modifiers) {
        return new Method(declaringClass, index, name, parameterTypes, returnType,
                exceptionTypes, modifiers);
    }

    public <T> Constructor<T> newConstructor(Class<T> declaringClass, int index,
            Class<?>[] parameterTypes, Class<?>[] exceptionTypes, int modifiers) {
        return new Constructor<T>(declaringClass, index, parameterTypes, exceptionTypes,
                modifiers);
    }
}
