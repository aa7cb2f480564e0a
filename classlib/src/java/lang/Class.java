package java.lang;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import jdk.internal.gcvm.Reflection;

/**
 * Class mirrors. gcvm contract: the VM creates exactly one instance per class and sets
 * {@code vmClassId} (the first instance field). Reflection on members (fields, methods,
 * constructors) is built by jdk.internal.gcvm.Reflection; no annotations, generic signatures or
 * class loaders.
 */
public final class Class<T> implements java.io.Serializable {

    private transient int vmClassId;
    /** Cache for getEnumConstantsShared(). */
    private transient T[] enumConstants;

    private Class() {
    }

    /** Binary name with dots; arrays as "[I", "[Ljava.lang.String;". */
    public native String getName();

    public native boolean isInstance(Object obj);

    public native boolean isAssignableFrom(Class<?> cls);

    public native boolean isInterface();

    public native boolean isArray();

    public native boolean isPrimitive();

    public native Class<? super T> getSuperclass();

    public native Class<?> getComponentType();

    /** The mirror of a primitive type by its Java name ("int", "void", ...). */
    static native Class<?> getPrimitiveClass(String name);

    /** Calls the enum's static values() method; null if this is not an enum class. */
    native Object[] getEnumConstants0();

    public static native Class<?> forName(String className) throws ClassNotFoundException;

    public String toString() {
        return (isInterface() ? "interface " : (isPrimitive() ? "" : "class ")) + getName();
    }

    public boolean desiredAssertionStatus() {
        return false;
    }

    private native Class<?>[] getInterfaces0();

    /** The interfaces this class (or interface) declares directly, in declaration order. */
    public Class<?>[] getInterfaces() {
        return getInterfaces0();
    }

    /** Anonymous classes: binary names ending in $ and digits (javac's naming). */
    public boolean isAnonymousClass() {
        return !isArray() && getSimpleName().isEmpty();
    }

    public boolean isEnum() {
        return getSuperclass() == Enum.class;
    }

    public boolean isRecord() {
        return getSuperclass() == Record.class;
    }

    public Class<?> componentType() {
        return getComponentType();
    }

    public Class<?> arrayType() {
        try {
            return forName(isPrimitive() ? "[" + primitiveDescriptor()
                    : isArray() ? "[" + getName() : "[L" + getName() + ";");
        } catch (ClassNotFoundException e) {
            throw new InternalError(e);
        }
    }

    private String primitiveDescriptor() {
        switch (getName()) {
            case "int":
                return "I";
            case "long":
                return "J";
            case "short":
                return "S";
            case "byte":
                return "B";
            case "char":
                return "C";
            case "boolean":
                return "Z";
            case "float":
                return "F";
            case "double":
                return "D";
            default:
                return "V";
        }
    }

    /** Simple name; nested-class names are derived from the '$' in the binary name. */
    public String getSimpleName() {
        if (isArray()) {
            return getComponentType().getSimpleName() + "[]";
        }
        String name = getName();
        int dot = name.lastIndexOf('.');
        String simple = name.substring(dot + 1);
        int dollar = simple.lastIndexOf('$');
        if (dollar < 0) {
            return simple;
        }
        int i = dollar + 1;
        while (i < simple.length() && Character.isDigit(simple.charAt(i))) {
            i++;
        }
        return simple.substring(i);
    }

    public String getTypeName() {
        if (isArray()) {
            Class<?> cl = this;
            int dimensions = 0;
            while (cl.isArray()) {
                dimensions++;
                cl = cl.getComponentType();
            }
            return cl.getName() + "[]".repeat(dimensions);
        }
        return getName();
    }

    /** Canonical name, approximated from the binary name ('$' becomes '.'). */
    public String getCanonicalName() {
        if (isArray()) {
            String c = getComponentType().getCanonicalName();
            return c == null ? null : c + "[]";
        }
        String simple = getSimpleName();
        if (simple.isEmpty()) {
            return null;
        }
        return getName().replace('$', '.');
    }

    public String getPackageName() {
        Class<?> c = this;
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive()) {
            return "java.lang";
        }
        String cn = c.getName();
        int dot = cn.lastIndexOf('.');
        return (dot != -1) ? cn.substring(0, dot) : "";
    }

    @SuppressWarnings("unchecked")
    public T cast(Object obj) {
        if (obj != null && !isInstance(obj)) {
            throw new ClassCastException("Cannot cast " + obj.getClass().getName() + " to "
                    + getName());
        }
        return (T) obj;
    }

    @SuppressWarnings("unchecked")
    public <U> Class<? extends U> asSubclass(Class<U> clazz) {
        if (clazz.isAssignableFrom(this)) {
            return (Class<? extends U>) this;
        }
        throw new ClassCastException(this.toString());
    }

    public T[] getEnumConstants() {
        T[] values = getEnumConstantsShared();
        return (values != null) ? values.clone() : null;
    }

    @SuppressWarnings("unchecked")
    T[] getEnumConstantsShared() {
        T[] constants = enumConstants;
        if (constants == null) {
            if (!isEnum()) {
                return null;
            }
            constants = (T[]) getEnumConstants0();
            enumConstants = constants;
        }
        return constants;
    }

    // ---- reflection (jdk.internal.gcvm.Reflection builds the member objects) ----

    /**
     * The class file's access flags as modifiers (arrays: their element's access, abstract,
     * final; primitives: public abstract final). gcvm does not read InnerClasses, so a nested
     * class has its top-level flags (no private/protected/static), unlike HotSpot.
     */
    public int getModifiers() {
        if (isPrimitive()) {
            return Modifier.PUBLIC | Modifier.ABSTRACT | Modifier.FINAL;
        }
        if (isArray()) {
            int access = getComponentType().getModifiers()
                    & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.PRIVATE);
            return access | Modifier.ABSTRACT | Modifier.FINAL;
        }
        return Reflection.classModifiers(this);
    }

    public boolean isAnnotation() {
        return (getModifiers() & 0x2000) != 0;
    }

    public boolean isSynthetic() {
        return (getModifiers() & 0x1000) != 0;
    }

    public Class<?> getNestHost() {
        return Reflection.nestHost(this);
    }

    public boolean isNestmateOf(Class<?> c) {
        return getNestHost() == c.getNestHost();
    }

    public Field[] getDeclaredFields() {
        return Reflection.declaredFields(this, false);
    }

    /** Public fields: declared, then the superinterfaces', then the superclass's. */
    public Field[] getFields() {
        return Reflection.publicFields(this);
    }

    public Field getDeclaredField(String name) throws NoSuchFieldException {
        java.util.Objects.requireNonNull(name);
        for (Field f : Reflection.declaredFields(this, false)) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        throw new NoSuchFieldException(name);
    }

    public Field getField(String name) throws NoSuchFieldException {
        java.util.Objects.requireNonNull(name);
        Field f = Reflection.findPublicField(this, name);
        if (f == null) {
            throw new NoSuchFieldException(name);
        }
        return f;
    }

    public Method[] getDeclaredMethods() {
        return Reflection.declaredMethods(this, false);
    }

    /** Public methods, inherited ones included, as the JDK merges them (order unspecified). */
    public Method[] getMethods() {
        return Reflection.publicMethods(this);
    }

    public Method getDeclaredMethod(String name, Class<?>... parameterTypes)
            throws NoSuchMethodException {
        java.util.Objects.requireNonNull(name);
        Method m = Reflection.findMethod(Reflection.declaredMethods(this, false), name,
                parameterTypes);
        if (m == null) {
            throw new NoSuchMethodException(Reflection.methodToString(this, name, parameterTypes));
        }
        return m;
    }

    public Method getMethod(String name, Class<?>... parameterTypes)
            throws NoSuchMethodException {
        java.util.Objects.requireNonNull(name);
        Method m = Reflection.findMethod(Reflection.publicMethods(this), name, parameterTypes);
        if (m == null) {
            throw new NoSuchMethodException(Reflection.methodToString(this, name, parameterTypes));
        }
        return m;
    }

    public Constructor<?>[] getDeclaredConstructors() {
        return Reflection.declaredConstructors(this, false);
    }

    public Constructor<?>[] getConstructors() {
        return Reflection.declaredConstructors(this, true);
    }

    public Constructor<T> getDeclaredConstructor(Class<?>... parameterTypes)
            throws NoSuchMethodException {
        return findConstructor(Reflection.declaredConstructors(this, false), parameterTypes);
    }

    public Constructor<T> getConstructor(Class<?>... parameterTypes)
            throws NoSuchMethodException {
        return findConstructor(Reflection.declaredConstructors(this, true), parameterTypes);
    }

    private Constructor<T> findConstructor(Constructor<T>[] constructors,
            Class<?>[] parameterTypes) throws NoSuchMethodException {
        Class<?>[] wanted = parameterTypes == null ? new Class<?>[0] : parameterTypes;
        for (Constructor<T> c : constructors) {
            if (java.util.Arrays.equals(c.getParameterTypes(), wanted)) {
                return c;
            }
        }
        throw new NoSuchMethodException(Reflection.methodToString(this, "<init>", parameterTypes));
    }

    /**
     * The JDK's deprecated newInstance: the nullary constructor, with the caller's access
     * checked; whatever the constructor throws is rethrown unwrapped, even a checked exception.
     */
    @Deprecated(since = "9")
    public T newInstance() throws InstantiationException, IllegalAccessException {
        if (this == Class.class) {
            throw new IllegalAccessException(
                    "Can not call newInstance() on the Class for java.lang.Class");
        }
        Constructor<T> c;
        try {
            c = getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            throw (InstantiationException) new InstantiationException(getName()).initCause(e);
        }
        try {
            return c.newInstance((Object[]) null);
        } catch (InvocationTargetException e) {
            Class.<RuntimeException>rethrow(e.getTargetException());
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void rethrow(Throwable e) throws E {
        throw (E) e;
    }
}
