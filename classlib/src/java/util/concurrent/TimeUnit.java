package java.util.concurrent;

/** Time units and conversions between them (saturating like the JDK's). */
public enum TimeUnit {
    NANOSECONDS(1L),
    MICROSECONDS(1000L),
    MILLISECONDS(1000L * 1000L),
    SECONDS(1000L * 1000L * 1000L),
    MINUTES(60L * 1000L * 1000L * 1000L),
    HOURS(60L * 60L * 1000L * 1000L * 1000L),
    DAYS(24L * 60L * 60L * 1000L * 1000L * 1000L);

    private final long nanos;

    TimeUnit(long nanos) {
        this.nanos = nanos;
    }

    private static long scale(long d, long from, long to) {
        if (from == to) {
            return d;
        }
        if (from > to) {
            long ratio = from / to;
            long max = Long.MAX_VALUE / ratio;
            if (d > max) {
                return Long.MAX_VALUE;
            }
            if (d < -max) {
                return Long.MIN_VALUE;
            }
            return d * ratio;
        }
        return d / (to / from);
    }

    public long convert(long sourceDuration, TimeUnit sourceUnit) {
        return scale(sourceDuration, sourceUnit.nanos, nanos);
    }

    public long toNanos(long duration) {
        return scale(duration, nanos, NANOSECONDS.nanos);
    }

    public long toMicros(long duration) {
        return scale(duration, nanos, MICROSECONDS.nanos);
    }

    public long toMillis(long duration) {
        return scale(duration, nanos, MILLISECONDS.nanos);
    }

    public long toSeconds(long duration) {
        return scale(duration, nanos, SECONDS.nanos);
    }

    public long toMinutes(long duration) {
        return scale(duration, nanos, MINUTES.nanos);
    }

    public long toHours(long duration) {
        return scale(duration, nanos, HOURS.nanos);
    }

    public long toDays(long duration) {
        return scale(duration, nanos, DAYS.nanos);
    }

    public void sleep(long timeout) throws InterruptedException {
        if (timeout > 0) {
            long ns = toNanos(timeout);
            Thread.sleep(ns / 1000000L, (int) (ns % 1000000L));
        }
    }

    public void timedWait(Object obj, long timeout) throws InterruptedException {
        if (timeout > 0) {
            long ms = toMillis(timeout);
            obj.wait(ms == 0 ? 1 : ms);
        }
    }

    public void timedJoin(Thread thread, long timeout) throws InterruptedException {
        if (timeout > 0) {
            long ms = toMillis(timeout);
            thread.join(ms == 0 ? 1 : ms);
        }
    }
}
