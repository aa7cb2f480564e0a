package java.lang.reflect;

import jdk.internal.gcvm.Reflection;

/**
 * What methods and constructors share: their signature, toString, and the call itself
 * ({@link #call}): arguments checked and converted as HotSpot's native method accessor does
 * (its messages: "wrong number of arguments", "argument type mismatch"; a null for a primitive
 * parameter is an IllegalArgumentException without message), then one VM call; whatever the
 * callee throws comes back wrapped in an InvocationTargetException.
 */
public abstract class Executable extends AccessibleObject implements Member {

    final Class<?> clazz;
    /** The index of this method among its class's declared methods (the VM's name for it). */
    final int index;
    final Class<?>[] parameterTypes;
    final Class<?>[] exceptionTypes;
    final int modifiers;

    Executable(Class<?> clazz, int index, Class<?>[] parameterTypes, Class<?>[] exceptionTypes,
            int modifiers) {
        this.clazz = clazz;
        this.index = index;
        this.parameterTypes = parameterTypes;
        this.exceptionTypes = exceptionTypes;
        this.modifiers = modifiers;
    }

    public abstract Class<?> getDeclaringClass();

    public abstract String getName();

    public abstract int getModifiers();

    public Class<?>[] getParameterTypes() {
        return parameterTypes.clone();
    }

    public int getParameterCount() {
        return parameterTypes.length;
    }

    public Class<?>[] getExceptionTypes() {
        return exceptionTypes.clone();
    }

    public boolean isVarArgs() {
        return (modifiers & Modifier.VARARGS) != 0;
    }

    public boolean isSynthetic() {
        return (modifiers & Modifier.SYNTHETIC) != 0;
    }

    /** The modifiers, the return type (methods), the name, the parameters, the throws clause. */
    String sharedToString(int modifierMask, boolean isDefault) {
        StringBuilder sb = new StringBuilder();
        int mod = modifiers & modifierMask;
        if (mod != 0 && !isDefault) {
            sb.append(Modifier.toString(mod)).append(' ');
        } else {
            int access = mod & Modifier.ACCESS_MODIFIERS;
            if (access != 0) {
                sb.append(Modifier.toString(access)).append(' ');
            }
            if (isDefault) {
                sb.append("default ");
            }
            mod &= ~Modifier.ACCESS_MODIFIERS;
            if (mod != 0) {
                sb.append(Modifier.toString(mod)).append(' ');
            }
        }
        specificToStringHeader(sb);
        appendTypeNames(sb.append('('), parameterTypes).append(')');
        if (exceptionTypes.length > 0) {
            appendTypeNames(sb.append(" throws "), exceptionTypes);
        }
        return sb.toString();
    }

    abstract void specificToStringHeader(StringBuilder sb);

    private static StringBuilder appendTypeNames(StringBuilder sb, Class<?>[] types) {
        for (int i = 0; i < types.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(types[i].getTypeName());
        }
        return sb;
    }

    /**
     * Calls this method or constructor on {@code receiver} (already checked) with {@code args};
     * {@code virtual} selects the method in the receiver's class. The result is boxed as
     * {@code returnType} says (null for void).
     */
    final Object call(Object receiver, Object[] args, boolean virtual, Class<?> returnType)
            throws InvocationTargetException {
        int n = args == null ? 0 : args.length;
        if (n != parameterTypes.length) {
            throw new IllegalArgumentException("wrong number of arguments");
        }
        int primitives = 0;
        for (Class<?> t : parameterTypes) {
            if (t.isPrimitive()) {
                primitives++;
            }
        }
        long[] prims = new long[primitives];
        Object[] refs = new Object[n - primitives];
        int p = 0;
        int r = 0;
        for (int i = 0; i < n; i++) {
            Class<?> t = parameterTypes[i];
            if (t.isPrimitive()) {
                prims[p++] = unboxArgument(args[i], Reflection.kindOf(t));
            } else {
                if (args[i] != null && !t.isInstance(args[i])) {
                    throw new IllegalArgumentException("argument type mismatch");
                }
                refs[r++] = args[i];
            }
        }
        if (Modifier.isStatic(modifiers)) {
            Reflection.ensureInitialized(clazz); // an initialiser's error is not wrapped
        }
        try {
            if (returnType.isPrimitive()) {
                long bits = Reflection.invokePrimitive(clazz, index, receiver, prims, refs,
                        virtual);
                return Reflection.box(bits, Reflection.kindOf(returnType));
            }
            return Reflection.invokeReference(clazz, index, receiver, prims, refs, virtual);
        } catch (Throwable e) {
            throw new InvocationTargetException(e);
        }
    }

    private static long unboxArgument(Object arg, int to) {
        if (arg == null) {
            throw new IllegalArgumentException();
        }
        int from = Reflection.kindOfBox(arg);
        if (from == Reflection.REFERENCE || !Reflection.widens(from, to)) {
            throw new IllegalArgumentException("argument type mismatch");
        }
        return Reflection.unboxTo(arg, from, to);
    }
}
