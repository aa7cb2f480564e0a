package java.lang.reflect;

import jdk.internal.gcvm.Reflection;

/**
 * The accessible flag of fields, methods and constructors, with the JDK 17 rules: a member of a
 * user class can always be made accessible; a non-public member of the class library (module
 * java.base, which opens none of its packages) cannot ({@link InaccessibleObjectException}).
 * Annotations are not supported (gcvm keeps no annotation attributes).
 */
public class AccessibleObject {

    static {
        Reflection.setMemberFactory(new ReflectAccess());
    }

    /** True once setAccessible(true) succeeded: access checks are skipped. */
    boolean override;

    @Deprecated(since = "9")
    protected AccessibleObject() {
    }

    public static void setAccessible(AccessibleObject[] array, boolean flag) {
        if (flag) {
            Class<?> caller = Reflection.callerClass();
            for (AccessibleObject ao : array) {
                ao.checkCanSetAccessible(caller, true);
            }
        }
        for (AccessibleObject ao : array) {
            ao.override = flag;
        }
    }

    public void setAccessible(boolean flag) {
        if (flag) {
            checkCanSetAccessible(Reflection.callerClass(), true);
        }
        override = flag;
    }

    public final boolean trySetAccessible() {
        if (override) {
            return true;
        }
        if (!checkCanSetAccessible(Reflection.callerClass(), false)) {
            return false;
        }
        override = true;
        return true;
    }

    @Deprecated(since = "9")
    public boolean isAccessible() {
        return override;
    }

    /** Whether the caller can use this member on {@code obj} (null for static members). */
    public final boolean canAccess(Object obj) {
        if (!(this instanceof Member)) {
            return override;
        }
        Member member = (Member) this;
        Class<?> declaringClass = member.getDeclaringClass();
        int modifiers = member.getModifiers();
        if (!Modifier.isStatic(modifiers) && (this instanceof Method || this instanceof Field)) {
            if (obj == null) {
                throw new IllegalArgumentException("null object for " + this);
            }
            if (!declaringClass.isAssignableFrom(obj.getClass())) {
                throw new IllegalArgumentException("object is not an instance of "
                        + declaringClass.getName());
            }
        } else if (obj != null) {
            throw new IllegalArgumentException("non-null object for " + this);
        }
        if (override) {
            return true;
        }
        Class<?> targetClass = obj == null ? declaringClass : obj.getClass();
        return Reflection.verifyMemberAccess(Reflection.callerClass(), declaringClass,
                targetClass, modifiers);
    }

    /**
     * The JDK's checkCanSetAccessible: user classes are in the unnamed module, which is open;
     * the class library is java.base, which exports its java.* packages and opens none.
     */
    boolean checkCanSetAccessible(Class<?> caller, boolean throwIfDenied) {
        Member member = (Member) this;
        Class<?> declaringClass = member.getDeclaringClass();
        if (caller == null || Reflection.isLibraryClass(caller)
                || !Reflection.isLibraryClass(declaringClass)) {
            return true;
        }
        int modifiers = member.getModifiers();
        String pn = declaringClass.getPackageName();
        boolean exported = !pn.startsWith("jdk.");
        boolean isClassPublic = Modifier.isPublic(declaringClass.getModifiers());
        if (isClassPublic && exported && Modifier.isPublic(modifiers)) {
            return true;
        }
        if (isClassPublic && exported && Modifier.isProtected(modifiers)
                && Modifier.isStatic(modifiers) && declaringClass.isAssignableFrom(caller)) {
            return true;
        }
        if (!throwIfDenied) {
            return false;
        }
        String msg = "Unable to make " + (this instanceof Field ? "field " : "") + this
                + " accessible: module java.base does not \""
                + (isClassPublic && Modifier.isPublic(modifiers) ? "exports" : "opens") + " "
                + pn + "\" to unnamed module";
        throw new InaccessibleObjectException(msg);
    }

    /** The access check of get/set/invoke/newInstance, unless made accessible. */
    final void checkAccess(Class<?> caller, Class<?> memberClass, Class<?> targetClass,
            int modifiers) throws IllegalAccessException {
        Reflection.ensureMemberAccess(caller, memberClass, targetClass, modifiers);
    }
}
