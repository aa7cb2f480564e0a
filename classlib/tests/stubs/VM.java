package cltest.gcvm;

/** Test stand-in for jdk.internal.gcvm.VM: the float digits come from the JDK's Formatter. */
public final class VM {

    private VM() {
    }

    public static String formatFixed(double v, int precision) {
        return String.format("%." + precision + "f", v);
    }

    public static String formatScientific(double v, int precision) {
        return String.format("%." + precision + "e", v);
    }

    public static String formatGeneral(double v, int precision) {
        return String.format("%." + precision + "g", v);
    }
}
