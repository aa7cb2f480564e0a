package java.time;

/** Only the year limits and isLeap for now (gcvm has no Year objects yet). */
public final class Year {
    public static final int MIN_VALUE = -999_999_999;
    public static final int MAX_VALUE = 999_999_999;

    private Year() {
    }

    public static boolean isLeap(long year) {
        return LocalDate.isLeap(year);
    }
}
