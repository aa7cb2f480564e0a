package java.lang;

import java.util.Objects;

/**
 * One frame of a stack trace, with the JDK's fields and {@code toString} format.
 *
 * <p>gcvm has one class loader for user classes and no module system, so the VM describes a frame
 * as the JDK's app class loader would: a class-library class is in module {@code java.base}
 * (class loader name null), a user class has class loader name {@code "app"} and no module. As
 * in the JDK, a throwable's frames drop the name of a built-in class loader and the version of a
 * JDK module from {@code toString()}: {@code java.base/java.lang.Thread.run(Thread.java:12)},
 * {@code Main.main(Main.java:5)}; another thread's frames keep them, as HotSpot's do:
 * {@code java.base@17.0.15/java.lang.Object.wait(Native Method)}, {@code app//Main.run(Main.java:9)}.
 */
public final class StackTraceElement implements java.io.Serializable {

    private static final byte BUILTIN_CLASS_LOADER = 0x1;
    private static final byte JDK_NON_UPGRADEABLE_MODULE = 0x2;

    private final String classLoaderName;
    private final String moduleName;
    private final String moduleVersion;
    private final String declaringClass;
    private final String methodName;
    private final String fileName;
    private final int lineNumber;
    private final byte format;

    public StackTraceElement(String declaringClass, String methodName, String fileName,
            int lineNumber) {
        this(null, null, null, declaringClass, methodName, fileName, lineNumber);
    }

    public StackTraceElement(String classLoaderName, String moduleName, String moduleVersion,
            String declaringClass, String methodName, String fileName, int lineNumber) {
        this.classLoaderName = classLoaderName;
        this.moduleName = moduleName;
        this.moduleVersion = moduleVersion;
        this.declaringClass = Objects.requireNonNull(declaringClass, "Declaring class is null");
        this.methodName = Objects.requireNonNull(methodName, "Method name is null");
        this.fileName = fileName;
        this.lineNumber = lineNumber;
        this.format = 0;
    }

    /**
     * VM: a frame of a class-library class ({@code app == false}) or of a user class. Only
     * {@code formatted} frames drop the built-in class loader name and the JDK module version
     * from {@code toString()}: HotSpot formats a throwable's frames, not another thread's.
     */
    private StackTraceElement(boolean app, boolean formatted, String declaringClass,
            String methodName, String fileName, int lineNumber) {
        this.classLoaderName = app ? "app" : null;
        this.moduleName = app ? null : "java.base";
        this.moduleVersion = app ? null : System.JAVA_VERSION;
        this.declaringClass = declaringClass;
        this.methodName = methodName;
        this.fileName = fileName;
        this.lineNumber = lineNumber;
        this.format = !formatted ? 0
                : (byte) (BUILTIN_CLASS_LOADER | (app ? 0 : JDK_NON_UPGRADEABLE_MODULE));
    }

    public String getFileName() {
        return fileName;
    }

    public int getLineNumber() {
        return lineNumber;
    }

    public String getModuleName() {
        return moduleName;
    }

    public String getModuleVersion() {
        return moduleVersion;
    }

    public String getClassLoaderName() {
        return classLoaderName;
    }

    public String getClassName() {
        return declaringClass;
    }

    public String getMethodName() {
        return methodName;
    }

    public boolean isNativeMethod() {
        return lineNumber == -2;
    }

    public String toString() {
        String s = "";
        if ((format & BUILTIN_CLASS_LOADER) == 0 && classLoaderName != null
                && !classLoaderName.isEmpty()) {
            s += classLoaderName + "/";
        }
        if (moduleName != null && !moduleName.isEmpty()) {
            s += moduleName;
            if ((format & JDK_NON_UPGRADEABLE_MODULE) == 0 && moduleVersion != null
                    && !moduleVersion.isEmpty()) {
                s += "@" + moduleVersion;
            }
        }
        s = s.isEmpty() ? declaringClass : s + "/" + declaringClass;
        String where;
        if (isNativeMethod()) {
            where = "Native Method";
        } else if (fileName != null && lineNumber >= 0) {
            where = fileName + ":" + lineNumber;
        } else if (fileName != null) {
            where = fileName;
        } else {
            where = "Unknown Source";
        }
        return s + "." + methodName + "(" + where + ")";
    }

    public boolean equals(Object obj) {
        if (obj == this) {
            return true;
        }
        if (!(obj instanceof StackTraceElement)) {
            return false;
        }
        StackTraceElement e = (StackTraceElement) obj;
        return e.lineNumber == lineNumber
                && Objects.equals(classLoaderName, e.classLoaderName)
                && Objects.equals(moduleName, e.moduleName)
                && Objects.equals(moduleVersion, e.moduleVersion)
                && e.declaringClass.equals(declaringClass)
                && e.methodName.equals(methodName)
                && Objects.equals(fileName, e.fileName);
    }

    public int hashCode() {
        int result = 31 * declaringClass.hashCode() + methodName.hashCode();
        result = 31 * result + Objects.hashCode(classLoaderName);
        result = 31 * result + Objects.hashCode(moduleName);
        result = 31 * result + Objects.hashCode(moduleVersion);
        result = 31 * result + Objects.hashCode(fileName);
        result = 31 * result + lineNumber;
        return result;
    }
}
