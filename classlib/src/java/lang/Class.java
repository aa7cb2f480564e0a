package java.lang;

/**
 * Class mirrors. gcvm contract: the VM creates exactly one instance per class and sets
 * {@code vmClassId} (the first instance field). No reflection beyond what is declared here.
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
}
