package java.lang.reflect;

import jdk.internal.gcvm.Reflection;

/**
 * A field. Reads and writes follow the JDK 17 field accessors exactly: getX widens the field's
 * value to X, setX widens X to the field's type; the failures and their messages ("Attempt to
 * get int field \"Foo.x\" with illegal data type conversion to short", "Can not set final int
 * field Foo.x to (int)5", "Can not set int field Foo.x to java.lang.String"), the order of the
 * checks (access, then receiver, then final, then value) and final-field rules (an instance final
 * can be set once made accessible, a static final never) are theirs. The VM does the raw read or
 * write; a reference write goes through the heap's barriers there.
 */
public final class Field extends AccessibleObject implements Member {

    private final Class<?> clazz;
    /** This field's index among its class's declared fields (the VM's name for it). */
    private final int index;
    private final String name;
    private final Class<?> type;
    private final int modifiers;
    /** Reflection.kindOf(type). */
    private final int kind;

    Field(Class<?> clazz, int index, String name, Class<?> type, int modifiers) {
        this.clazz = clazz;
        this.index = index;
        this.name = name;
        this.type = type;
        this.modifiers = modifiers;
        this.kind = Reflection.kindOf(type);
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

    public boolean isEnumConstant() {
        return (modifiers & Modifier.ENUM) != 0;
    }

    @Override
    public boolean isSynthetic() {
        return (modifiers & Modifier.SYNTHETIC) != 0;
    }

    public Class<?> getType() {
        return type;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Field)) {
            return false;
        }
        Field other = (Field) obj;
        return clazz == other.clazz && name.equals(other.name) && type == other.type;
    }

    @Override
    public int hashCode() {
        return clazz.getName().hashCode() ^ name.hashCode();
    }

    /** As the JDK: {@code private static final int Foo.X}. */
    @Override
    public String toString() {
        int mod = modifiers;
        return ((mod == 0) ? "" : (Modifier.toString(mod) + " ")) + type.getTypeName() + " "
                + clazz.getTypeName() + "." + name;
    }

    // ---- reading ----

    public Object get(Object obj) throws IllegalArgumentException, IllegalAccessException {
        checkAccess(obj);
        ensureObj(obj);
        if (kind == Reflection.REFERENCE) {
            return Reflection.getReference(clazz, index, obj);
        }
        return Reflection.box(Reflection.getPrimitive(clazz, index, obj), kind);
    }

    public boolean getBoolean(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return read(obj, Reflection.BOOLEAN, "boolean") != 0;
    }

    public byte getByte(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return (byte) read(obj, Reflection.BYTE, "byte");
    }

    public char getChar(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return (char) read(obj, Reflection.CHAR, "char");
    }

    public short getShort(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return (short) read(obj, Reflection.SHORT, "short");
    }

    public int getInt(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return (int) read(obj, Reflection.INT, "int");
    }

    public long getLong(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return read(obj, Reflection.LONG, "long");
    }

    public float getFloat(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return Float.intBitsToFloat((int) read(obj, Reflection.FLOAT, "float"));
    }

    public double getDouble(Object obj) throws IllegalArgumentException, IllegalAccessException {
        return Double.longBitsToDouble(read(obj, Reflection.DOUBLE, "double"));
    }

    /** The field's value widened to kind {@code to}, as slot bits. */
    private long read(Object obj, int to, String toName) throws IllegalAccessException {
        checkAccess(obj);
        if (!Reflection.widens(kind, to)) {
            throw new IllegalArgumentException("Attempt to get " + type.getName() + " field \""
                    + qualifiedName() + "\" with illegal data type conversion to " + toName);
        }
        ensureObj(obj);
        long bits = Reflection.getPrimitive(clazz, index, obj);
        switch (kind) {
            case Reflection.FLOAT:
                return Reflection.convert(kind, to, 0, Float.intBitsToFloat((int) bits));
            case Reflection.DOUBLE:
                return Reflection.convert(kind, to, 0, Double.longBitsToDouble(bits));
            case Reflection.LONG:
                return Reflection.convert(kind, to, bits, 0);
            default:
                return Reflection.convert(kind, to, (int) bits, 0);
        }
    }

    // ---- writing ----

    public void set(Object obj, Object value)
            throws IllegalArgumentException, IllegalAccessException {
        checkAccess(obj);
        ensureObj(obj);
        if (isReadOnly()) {
            throw new IllegalAccessException(setMessage(
                    value != null ? value.getClass().getName() : "", ""));
        }
        if (kind == Reflection.REFERENCE) {
            if (value != null && !type.isAssignableFrom(value.getClass())) {
                throw setFailure(value.getClass().getName(), "");
            }
            Reflection.setReference(clazz, index, obj, value);
            return;
        }
        int from = Reflection.kindOfBox(value);
        if (from == Reflection.REFERENCE || !Reflection.widens(from, kind)) {
            throw setFailure(value != null ? value.getClass().getName() : "", "");
        }
        Reflection.setPrimitive(clazz, index, obj, Reflection.unboxTo(value, from, kind));
    }

    public void setBoolean(Object obj, boolean z)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.BOOLEAN, "boolean", String.valueOf(z), z ? 1 : 0, 0);
    }

    public void setByte(Object obj, byte b)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.BYTE, "byte", String.valueOf(b), b, 0);
    }

    public void setChar(Object obj, char c)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.CHAR, "char", String.valueOf(c), c, 0);
    }

    public void setShort(Object obj, short s)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.SHORT, "short", String.valueOf(s), s, 0);
    }

    public void setInt(Object obj, int i)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.INT, "int", String.valueOf(i), i, 0);
    }

    public void setLong(Object obj, long l)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.LONG, "long", String.valueOf(l), l, 0);
    }

    public void setFloat(Object obj, float f)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.FLOAT, "float", String.valueOf(f), 0, f);
    }

    public void setDouble(Object obj, double d)
            throws IllegalArgumentException, IllegalAccessException {
        write(obj, Reflection.DOUBLE, "double", String.valueOf(d), 0, d);
    }

    /**
     * Stores a value of kind {@code from} (in {@code integral} or {@code real}) widened to the
     * field's type. As the JDK's accessors: a conversion the field does not allow fails before
     * the receiver is looked at; a final field reports the value converted to its own type.
     */
    private void write(Object obj, int from, String fromName, String text, long integral,
            double real) throws IllegalAccessException {
        checkAccess(obj);
        if (kind == Reflection.REFERENCE || !Reflection.widens(from, kind)) {
            throw setFailure(fromName, text);
        }
        long bits = Reflection.convert(from, kind, integral, real);
        ensureObj(obj);
        if (isReadOnly()) {
            throw new IllegalAccessException(setMessage(type.getName(),
                    String.valueOf(Reflection.box(bits, kind))));
        }
        Reflection.setPrimitive(clazz, index, obj, bits);
    }

    // ---- checks ----

    /** Unless made accessible: the caller's access (Field.checkAccess in the JDK). */
    private void checkAccess(Object obj) throws IllegalAccessException {
        if (!override) {
            checkAccess(Reflection.callerClass(), clazz,
                    Modifier.isStatic(modifiers) ? null : obj.getClass(), modifiers);
        }
    }

    /** An instance field needs a receiver of the declaring class (the accessors' ensureObj). */
    private void ensureObj(Object o) {
        if (!Modifier.isStatic(modifiers) && !clazz.isAssignableFrom(o.getClass())) {
            throw setFailure(o.getClass().getName(), "");
        }
    }

    /** A final field cannot be written, unless it is an instance field made accessible. */
    private boolean isReadOnly() {
        return Modifier.isFinal(modifiers) && (Modifier.isStatic(modifiers) || !override);
    }

    private String qualifiedName() {
        return clazz.getName() + "." + name;
    }

    private IllegalArgumentException setFailure(String attemptedType, String attemptedValue) {
        return new IllegalArgumentException(setMessage(attemptedType, attemptedValue));
    }

    private String setMessage(String attemptedType, String attemptedValue) {
        String err = "Can not set";
        if (Modifier.isStatic(modifiers)) {
            err += " static";
        }
        if (Modifier.isFinal(modifiers)) {
            err += " final";
        }
        err += " " + type.getName() + " field " + qualifiedName() + " to ";
        if (!attemptedValue.isEmpty()) {
            err += "(" + attemptedType + ")" + attemptedValue;
        } else if (!attemptedType.isEmpty()) {
            err += attemptedType;
        } else {
            err += "null value";
        }
        return err;
    }
}
