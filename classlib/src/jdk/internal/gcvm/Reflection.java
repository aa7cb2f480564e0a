package jdk.internal.gcvm;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;

/**
 * Reflection's shared machinery: the VM's natives (runtime/interp/src/library/reflect.rs), the
 * building of Field/Method/Constructor objects for java.lang.Class, the JDK's member-access
 * rules, and the conversions between primitive values, their wrappers and raw slot bits.
 *
 * <p>Design: the VM names a member by its declaring class and its index among the class's
 * declared fields or methods (class-file order) and only reads, writes and calls; every rule a
 * program can observe (access checks, unboxing and widening, exception messages) is Java here or
 * in java.lang.reflect, written after the JDK 17 sources. java.lang.reflect's constructors are
 * package-private; it hands this class a {@link MemberFactory} when AccessibleObject is
 * initialised (the JDK's "shared secrets" pattern). Member objects are made fresh on every
 * request, as the JDK hands out copies; they compare with {@code equals}.
 */
public final class Reflection {

    /** Creates java.lang.reflect's member objects (implemented in that package). */
    public interface MemberFactory {
        Field newField(Class<?> declaringClass, int index, String name, Class<?> type,
                int modifiers);

        Method newMethod(Class<?> declaringClass, int index, String name,
                Class<?>[] parameterTypes, Class<?> returnType, Class<?>[] exceptionTypes,
                int modifiers);

        <T> Constructor<T> newConstructor(Class<T> declaringClass, int index,
                Class<?>[] parameterTypes, Class<?>[] exceptionTypes, int modifiers);
    }

    /** The flags HotSpot reports as a field's or method's modifiers (JVM_RECOGNIZED_*). */
    private static final int FIELD_FLAGS = 0x50DF;
    private static final int METHOD_FLAGS = 0x1DFF;

    private static MemberFactory factory;

    private Reflection() {
    }

    public static void setMemberFactory(MemberFactory f) {
        factory = f;
    }

    private static MemberFactory factory() {
        if (factory == null) {
            try {
                Class.forName("java.lang.reflect.AccessibleObject"); // registers the factory
            } catch (ClassNotFoundException e) {
                throw new InternalError(e);
            }
        }
        return factory;
    }

    // ---- natives ----

    public static native int classModifiers(Class<?> c);

    public static native Class<?> nestHost(Class<?> c);

    public static native boolean isLibraryClass(Class<?> c);

    static native int fieldCount(Class<?> c);

    static native String fieldName(Class<?> c, int index);

    static native Class<?> fieldType(Class<?> c, int index);

    static native int fieldModifiers(Class<?> c, int index);

    static native int methodCount(Class<?> c);

    static native String methodName(Class<?> c, int index);

    static native int methodModifiers(Class<?> c, int index);

    static native Class<?> methodReturnType(Class<?> c, int index);

    static native Class<?>[] methodParameterTypes(Class<?> c, int index);

    static native Class<?>[] methodExceptionTypes(Class<?> c, int index);

    /** A field's value as slot bits; {@code obj} is ignored for a static field. */
    public static native long getPrimitive(Class<?> c, int index, Object obj);

    public static native Object getReference(Class<?> c, int index, Object obj);

    public static native void setPrimitive(Class<?> c, int index, Object obj, long bits);

    public static native void setReference(Class<?> c, int index, Object obj, Object value);

    public static native void ensureInitialized(Class<?> c);

    /** A new instance with every field zero (the caller runs a constructor on it). */
    public static native Object allocate(Class<?> c);

    /**
     * Calls declared method {@code index} of {@code c}; primitive arguments in order in
     * {@code prims} (slot bits), reference arguments in {@code refs}; {@code virtual} selects the
     * method in the receiver's class. Returns the result's slot bits (0 for void).
     */
    public static native long invokePrimitive(Class<?> c, int index, Object receiver,
            long[] prims, Object[] refs, boolean virtual);

    public static native Object invokeReference(Class<?> c, int index, Object receiver,
            long[] prims, Object[] refs, boolean virtual);

    /** The class of the innermost frame outside java.lang.reflect, Class and this class. */
    public static native Class<?> callerClass();

    // ---- declared members ----

    public static Field[] declaredFields(Class<?> c, boolean publicOnly) {
        ArrayList<Field> out = new ArrayList<Field>();
        int n = fieldCount(c);
        for (int i = 0; i < n; i++) {
            int mods = fieldModifiers(c, i) & FIELD_FLAGS;
            if (!publicOnly || Modifier.isPublic(mods)) {
                out.add(factory().newField(c, i, fieldName(c, i), fieldType(c, i), mods));
            }
        }
        return out.toArray(new Field[0]);
    }

    public static Method[] declaredMethods(Class<?> c, boolean publicOnly) {
        ArrayList<Method> out = new ArrayList<Method>();
        int n = methodCount(c);
        for (int i = 0; i < n; i++) {
            String name = methodName(c, i);
            int mods = methodModifiers(c, i) & METHOD_FLAGS;
            if (name.startsWith("<") || (publicOnly && !Modifier.isPublic(mods))) {
                continue;
            }
            out.add(factory().newMethod(c, i, name, methodParameterTypes(c, i),
                    methodReturnType(c, i), methodExceptionTypes(c, i), mods));
        }
        return out.toArray(new Method[0]);
    }

    @SuppressWarnings("unchecked")
    public static <T> Constructor<T>[] declaredConstructors(Class<T> c, boolean publicOnly) {
        ArrayList<Constructor<T>> out = new ArrayList<Constructor<T>>();
        if (c.isInterface() || c.isArray() || c.isPrimitive()) {
            return (Constructor<T>[]) new Constructor<?>[0];
        }
        int n = methodCount(c);
        for (int i = 0; i < n; i++) {
            int mods = methodModifiers(c, i) & METHOD_FLAGS;
            if (!methodName(c, i).equals("<init>") || (publicOnly && !Modifier.isPublic(mods))) {
                continue;
            }
            out.add(factory().newConstructor(c, i, methodParameterTypes(c, i),
                    methodExceptionTypes(c, i), mods));
        }
        return (Constructor<T>[]) out.toArray(new Constructor<?>[0]);
    }

    // ---- public members, inherited ones included (the JDK's order and merging rules) ----

    /** Declared public fields, then the superinterfaces' (recursively), then the superclass's. */
    public static Field[] publicFields(Class<?> c) {
        ArrayList<Field> out = new ArrayList<Field>();
        addPublicFields(c, out, new ArrayList<Class<?>>());
        return out.toArray(new Field[0]);
    }

    private static void addPublicFields(Class<?> c, ArrayList<Field> out,
            ArrayList<Class<?>> seenInterfaces) {
        for (Field f : declaredFields(c, true)) {
            out.add(f);
        }
        for (Class<?> si : c.getInterfaces()) {
            if (!seenInterfaces.contains(si)) {
                seenInterfaces.add(si);
                addPublicFields(si, out, seenInterfaces);
            }
        }
        Class<?> sc = c.getSuperclass();
        if (!c.isInterface() && sc != null) {
            addPublicFields(sc, out, seenInterfaces);
        }
    }

    /** The public field {@code name}: declared, else in a superinterface, else inherited. */
    public static Field findPublicField(Class<?> c, String name) {
        for (Field f : declaredFields(c, true)) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        for (Class<?> si : c.getInterfaces()) {
            Field f = findPublicField(si, name);
            if (f != null) {
                return f;
            }
        }
        Class<?> sc = c.getSuperclass();
        return (!c.isInterface() && sc != null) ? findPublicField(sc, name) : null;
    }

    /**
     * Class.getMethods: the declared public methods, the superclass's public methods and the
     * superinterfaces' non-static public methods, where of two methods with the same name,
     * parameter types and return type only the more specific one stays (the JDK's
     * PublicMethods.MethodList.merge).
     */
    public static Method[] publicMethods(Class<?> c) {
        ArrayList<Method> out = new ArrayList<Method>();
        for (Method m : declaredMethods(c, true)) {
            merge(out, m);
        }
        Class<?> sc = c.getSuperclass();
        if (sc != null) {
            for (Method m : publicMethods(sc)) {
                merge(out, m);
            }
        }
        for (Class<?> si : c.getInterfaces()) {
            for (Method m : publicMethods(si)) {
                if (!Modifier.isStatic(m.getModifiers())) {
                    merge(out, m);
                }
            }
        }
        return out.toArray(new Method[0]);
    }

    private static void merge(ArrayList<Method> list, Method m) {
        Class<?> dclass = m.getDeclaringClass();
        for (int i = 0; i < list.size(); i++) {
            Method x = list.get(i);
            if (!sameSignature(x, m) || x.getReturnType() != m.getReturnType()) {
                continue;
            }
            Class<?> xdclass = x.getDeclaringClass();
            if (dclass.isInterface() == xdclass.isInterface()) {
                if (dclass.isAssignableFrom(xdclass)) {
                    return; // the existing method overrides the new one
                }
                if (xdclass.isAssignableFrom(dclass)) {
                    list.remove(i--);
                }
            } else if (dclass.isInterface()) {
                return; // a class's method wins over an interface's
            } else {
                list.remove(i--);
            }
        }
        list.add(m);
    }

    private static boolean sameSignature(Method a, Method b) {
        return a.getName().equals(b.getName())
                && java.util.Arrays.equals(a.getParameterTypes(), b.getParameterTypes());
    }

    /**
     * The method {@code name(parameterTypes)} among {@code methods}; of several (differing in
     * return type) the one whose return type is most specific; null if none.
     */
    public static Method findMethod(Method[] methods, String name, Class<?>[] parameterTypes) {
        Class<?>[] wanted = parameterTypes == null ? new Class<?>[0] : parameterTypes;
        Method best = null;
        for (Method m : methods) {
            if (m.getName().equals(name)
                    && java.util.Arrays.equals(m.getParameterTypes(), wanted)
                    && (best == null
                        || best.getReturnType().isAssignableFrom(m.getReturnType()))) {
                best = m;
            }
        }
        return best;
    }

    /** The JDK's Class.methodToString: {@code Foo.bar(int,java.lang.String)}. */
    public static String methodToString(Class<?> c, String name, Class<?>[] argTypes) {
        StringBuilder sb = new StringBuilder();
        sb.append(c.getName()).append('.').append(name).append('(');
        if (argTypes != null) {
            for (int i = 0; i < argTypes.length; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(argTypes[i] == null ? "null" : argTypes[i].getName());
            }
        }
        return sb.append(')').toString();
    }

    // ---- access (the JDK's jdk.internal.reflect.Reflection.verifyMemberAccess) ----

    /** IllegalAccessException unless {@code caller} may use the member. */
    public static void ensureMemberAccess(Class<?> caller, Class<?> memberClass,
            Class<?> targetClass, int modifiers) throws IllegalAccessException {
        if (!verifyMemberAccess(caller, memberClass, targetClass, modifiers)) {
            throw new IllegalAccessException(caller + " cannot access a member of "
                    + memberClass + " with modifiers \"" + Modifier.toString(modifiers) + "\"");
        }
    }

    public static boolean verifyMemberAccess(Class<?> caller, Class<?> memberClass,
            Class<?> targetClass, int modifiers) {
        if (caller == null || caller == memberClass) {
            return true;
        }
        boolean samePackage = isSamePackage(caller, memberClass);
        if (!Modifier.isPublic(classModifiers(memberClass)) && !samePackage) {
            return false;
        }
        if (Modifier.isPublic(modifiers)) {
            return true;
        }
        if (Modifier.isPrivate(modifiers)) {
            return nestHost(caller) == nestHost(memberClass);
        }
        boolean ok = samePackage
                || (Modifier.isProtected(modifiers) && memberClass.isAssignableFrom(caller));
        if (!ok) {
            return false;
        }
        // JLS 6.6.2: a protected instance member from another package only through a subclass.
        if (targetClass != null && Modifier.isProtected(modifiers) && targetClass != caller
                && !samePackage) {
            return caller.isAssignableFrom(targetClass);
        }
        return true;
    }

    private static boolean isSamePackage(Class<?> a, Class<?> b) {
        return isLibraryClass(a) == isLibraryClass(b)
                && a.getPackageName().equals(b.getPackageName());
    }

    // ---- primitive values: kinds, unboxing with widening, boxing ----

    public static final int BOOLEAN = 0;
    public static final int BYTE = 1;
    public static final int SHORT = 2;
    public static final int CHAR = 3;
    public static final int INT = 4;
    public static final int LONG = 5;
    public static final int FLOAT = 6;
    public static final int DOUBLE = 7;
    /** Not a primitive type (or not a wrapper). */
    public static final int REFERENCE = -1;

    /** The kind of a primitive class (REFERENCE for any other class). */
    public static int kindOf(Class<?> type) {
        if (!type.isPrimitive()) {
            return REFERENCE;
        }
        if (type == Integer.TYPE) {
            return INT;
        } else if (type == Long.TYPE) {
            return LONG;
        } else if (type == Double.TYPE) {
            return DOUBLE;
        } else if (type == Boolean.TYPE) {
            return BOOLEAN;
        } else if (type == Byte.TYPE) {
            return BYTE;
        } else if (type == Short.TYPE) {
            return SHORT;
        } else if (type == Character.TYPE) {
            return CHAR;
        } else if (type == Float.TYPE) {
            return FLOAT;
        }
        return REFERENCE; // void
    }

    /** The primitive kind a wrapper object holds, REFERENCE for null and anything else. */
    public static int kindOfBox(Object o) {
        if (o instanceof Integer) {
            return INT;
        } else if (o instanceof Long) {
            return LONG;
        } else if (o instanceof Double) {
            return DOUBLE;
        } else if (o instanceof Boolean) {
            return BOOLEAN;
        } else if (o instanceof Byte) {
            return BYTE;
        } else if (o instanceof Short) {
            return SHORT;
        } else if (o instanceof Character) {
            return CHAR;
        } else if (o instanceof Float) {
            return FLOAT;
        }
        return REFERENCE;
    }

    /** True if a value of kind {@code from} converts to kind {@code to} (identity or JLS 5.1.2). */
    public static boolean widens(int from, int to) {
        if (from == to) {
            return true;
        }
        switch (from) {
            case BYTE:
                return to == SHORT || to >= INT;
            case SHORT:
            case CHAR:
                return to >= INT;
            case INT:
            case LONG:
            case FLOAT:
                return to > from;
            default:
                return false;
        }
    }

    /** A wrapper's value as a long (integral kinds and char) — the source of a widening. */
    public static long integralValue(Object box) {
        if (box instanceof Character) {
            return ((Character) box).charValue();
        }
        return ((Number) box).longValue();
    }

    /**
     * The slot bits of value {@code v} of kind {@code from} converted to kind {@code to} (the
     * caller has checked {@code widens(from, to)}); integral values (and char, and boolean as
     * 0/1) come in {@code integral}, float and double values in {@code real}.
     */
    public static long convert(int from, int to, long integral, double real) {
        boolean fromReal = from == FLOAT || from == DOUBLE;
        switch (to) {
            case FLOAT:
                return Float.floatToRawIntBits(fromReal ? (float) real : (float) integral)
                        & 0xFFFFFFFFL;
            case DOUBLE:
                return Double.doubleToRawLongBits(fromReal ? real : (double) integral);
            case LONG:
                return integral;
            default:
                return (int) integral & 0xFFFFFFFFL;
        }
    }

    /** The slot bits of a wrapper's value converted to kind {@code to}. */
    public static long unboxTo(Object box, int from, int to) {
        switch (from) {
            case BOOLEAN:
                return ((Boolean) box).booleanValue() ? 1 : 0;
            case FLOAT:
                return convert(from, to, 0, ((Float) box).floatValue());
            case DOUBLE:
                return convert(from, to, 0, ((Double) box).doubleValue());
            default:
                return convert(from, to, integralValue(box), 0);
        }
    }

    /** The wrapper of slot bits of kind {@code kind}. */
    public static Object box(long bits, int kind) {
        switch (kind) {
            case BOOLEAN:
                return Boolean.valueOf(bits != 0);
            case BYTE:
                return Byte.valueOf((byte) bits);
            case SHORT:
                return Short.valueOf((short) bits);
            case CHAR:
                return Character.valueOf((char) bits);
            case INT:
                return Integer.valueOf((int) bits);
            case LONG:
                return Long.valueOf(bits);
            case FLOAT:
                return Float.valueOf(Float.intBitsToFloat((int) bits));
            case DOUBLE:
                return Double.valueOf(Double.longBitsToDouble(bits));
            default:
                return null;
        }
    }
}
