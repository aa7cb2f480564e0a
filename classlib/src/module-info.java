/**
 * gcvm's class library is compiled as a self-contained {@code java.base} module
 * (javac --system none), so nothing from the JDK is visible while compiling it.
 * The module itself is not embedded in the VM; only the classes are.
 */
module java.base {
    exports java.lang;
    exports java.lang.annotation;
    exports java.lang.reflect;
    exports java.math;
    exports java.io;
    exports java.nio.charset;
    exports java.util;
    exports java.util.function;
    exports java.util.concurrent.atomic;
}
