package java.lang;

import java.util.Objects;

/** One frame of a stack trace. gcvm has no modules or class loader names: both are always null. */
public final class StackTraceElement implements java.io.Serializable {

    private final String declaringClass;
    private final String methodName;
    private final String fileName;
    private final int lineNumber;

    public StackTraceElement(String declaringClass, String methodName, String fileName,
            int lineNumber) {
        this.declaringClass = Objects.requireNonNull(declaringClass, "Declaring class is null");
        this.methodName = Objects.requireNonNull(methodName, "Method name is null");
        this.fileName = fileName;
        this.lineNumber = lineNumber;
    }

    public StackTraceElement(String classLoaderName, String moduleName, String moduleVersion,
            String declaringClass, String methodName, String fileName, int lineNumber) {
        this(declaringClass, methodName, fileName, lineNumber);
    }

    public String getFileName() {
        return fileName;
    }

    public int getLineNumber() {
        return lineNumber;
    }

    public String getModuleName() {
        return null;
    }

    public String getModuleVersion() {
        return null;
    }

    public String getClassLoaderName() {
        return null;
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
        String where;
        if (isNativeMethod()) {
            where = "Native Method";
        } else if (fileName == null) {
            where = "Unknown Source";
        } else if (lineNumber >= 0) {
            where = fileName + ":" + lineNumber;
        } else {
            where = fileName;
        }
        return declaringClass + "." + methodName + "(" + where + ")";
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
                && e.declaringClass.equals(declaringClass)
                && e.methodName.equals(methodName)
                && Objects.equals(fileName, e.fileName);
    }

    public int hashCode() {
        int result = 31 * declaringClass.hashCode() + methodName.hashCode();
        result = 31 * result + Objects.hashCode(fileName);
        result = 31 * result + lineNumber;
        return result;
    }
}
