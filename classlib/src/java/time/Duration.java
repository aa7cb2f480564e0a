package java.time;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAmount;
import java.time.temporal.TemporalUnit;
import java.time.temporal.UnsupportedTemporalTypeException;
import java.util.List;

/**
 * A time-based amount: seconds plus nanoseconds (0..999999999), so a negative duration has a
 * negative seconds part and a positive nano part, as in the JDK. multipliedBy/dividedBy go
 * through BigDecimal like the JDK's; parse is a hand-written matcher for the JDK's regex
 * {@code [-+]?P(n D)?(T(n H)?(n M)?(n[.,]f S)?)?}.
 */
public final class Duration implements TemporalAmount, Comparable<Duration>, java.io.Serializable {
    public static final Duration ZERO = new Duration(0, 0);
    private static final long NANOS_PER_SECOND = 1000_000_000L;
    private static final BigInteger BI_NANOS_PER_SECOND = BigInteger.valueOf(NANOS_PER_SECOND);

    private final long seconds;
    private final int nanos;

    private Duration(long seconds, int nanos) {
        this.seconds = seconds;
        this.nanos = nanos;
    }

    private static Duration create(long seconds, int nanoAdjustment) {
        if ((seconds | nanoAdjustment) == 0) {
            return ZERO;
        }
        return new Duration(seconds, nanoAdjustment);
    }

    public static Duration ofDays(long days) {
        return create(Math.multiplyExact(days, 86400), 0);
    }

    public static Duration ofHours(long hours) {
        return create(Math.multiplyExact(hours, 3600), 0);
    }

    public static Duration ofMinutes(long minutes) {
        return create(Math.multiplyExact(minutes, 60), 0);
    }

    public static Duration ofSeconds(long seconds) {
        return create(seconds, 0);
    }

    public static Duration ofSeconds(long seconds, long nanoAdjustment) {
        long secs = Math.addExact(seconds, Math.floorDiv(nanoAdjustment, NANOS_PER_SECOND));
        int nos = (int) Math.floorMod(nanoAdjustment, NANOS_PER_SECOND);
        return create(secs, nos);
    }

    public static Duration ofMillis(long millis) {
        long secs = millis / 1000;
        int mos = (int) (millis % 1000);
        if (mos < 0) {
            mos += 1000;
            secs--;
        }
        return create(secs, mos * 1000_000);
    }

    public static Duration ofNanos(long nanos) {
        long secs = nanos / NANOS_PER_SECOND;
        int nos = (int) (nanos % NANOS_PER_SECOND);
        if (nos < 0) {
            nos += NANOS_PER_SECOND;
            secs--;
        }
        return create(secs, nos);
    }

    public static Duration of(long amount, TemporalUnit unit) {
        return ZERO.plus(amount, unit);
    }

    public static Duration from(TemporalAmount amount) {
        Duration duration = ZERO;
        for (TemporalUnit unit : amount.getUnits()) {
            duration = duration.plus(amount.get(unit), unit);
        }
        return duration;
    }

    public static Duration between(Temporal startInclusive, Temporal endExclusive) {
        try {
            return ofNanos(startInclusive.until(endExclusive, ChronoUnit.NANOS));
        } catch (DateTimeException | ArithmeticException ex) {
            long secs = startInclusive.until(endExclusive, ChronoUnit.SECONDS);
            long nanos;
            try {
                nanos = endExclusive.getLong(ChronoField.NANO_OF_SECOND)
                        - startInclusive.getLong(ChronoField.NANO_OF_SECOND);
                if (secs > 0 && nanos < 0) {
                    secs++;
                } else if (secs < 0 && nanos > 0) {
                    secs--;
                }
            } catch (DateTimeException ex2) {
                nanos = 0;
            }
            return ofSeconds(secs, nanos);
        }
    }

    // ---- parse

    public static Duration parse(CharSequence text) {
        String s = text.toString();
        DurationParser p = new DurationParser(s);
        if (!p.matches()) {
            throw new DateTimeParseException("Text cannot be parsed to a Duration", text, 0);
        }
        try {
            long secs = Math.addExact(p.days, Math.addExact(p.hours, Math.addExact(p.minutes, p.secs)));
            Duration d = ofSeconds(secs, p.nanos);
            return p.negate ? d.negated() : d;
        } catch (ArithmeticException ex) {
            DateTimeParseException e = new DateTimeParseException("Text cannot be parsed to a Duration: overflow", text, 0);
            e.initCause(ex);
            throw e;
        }
    }

    /** A matcher for the ISO-8601 duration syntax that the JDK parses with a regex. */
    private static final class DurationParser {
        final String text;
        int pos;
        boolean negate;
        long days;
        long hours;
        long minutes;
        long secs;
        int nanos;

        DurationParser(String text) {
            this.text = text;
        }

        private boolean at(char upper) {
            return pos < text.length() && Character.toUpperCase(text.charAt(pos)) == upper;
        }

        /** The end of a [-+]?[0-9]+ run starting at pos, or -1. */
        private int numberEnd() {
            int i = pos;
            if (i < text.length() && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
                i++;
            }
            int digits = i;
            while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                i++;
            }
            return i > digits ? i : -1;
        }

        private long number(int end, long multiplier, String errorText) {
            try {
                long val = Long.parseLong(text.substring(pos, end));
                return Math.multiplyExact(val, multiplier);
            } catch (NumberFormatException | ArithmeticException ex) {
                DateTimeParseException e = new DateTimeParseException(
                        "Text cannot be parsed to a Duration: " + errorText, text, 0);
                e.initCause(ex);
                throw e;
            }
        }

        /** Reads a number followed by the given letter, if there is one. */
        private boolean section(char letter, long multiplier, String errorText, long[] out) {
            int end = numberEnd();
            if (end < 0 || end >= text.length() || Character.toUpperCase(text.charAt(end)) != letter) {
                return false;
            }
            out[0] = number(end, multiplier, errorText);
            pos = end + 1;
            return true;
        }

        boolean matches() {
            if (pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
                negate = text.charAt(pos) == '-';
                pos++;
            }
            if (!at('P')) {
                return false;
            }
            pos++;
            long[] out = new long[1];
            if (section('D', 86400, "days", out)) {
                days = out[0];
            }
            boolean any = pos > 0 && Character.toUpperCase(text.charAt(pos - 1)) == 'D';
            if (at('T')) {
                pos++;
                int tStart = pos;
                if (section('H', 3600, "hours", out)) {
                    hours = out[0];
                }
                if (section('M', 60, "minutes", out)) {
                    minutes = out[0];
                }
                secondsSection();
                if (pos == tStart) {
                    return false;
                }
                any = true;
            }
            return any && pos == text.length();
        }

        private void secondsSection() {
            int end = numberEnd();
            if (end < 0 || end >= text.length()) {
                return;
            }
            int fracStart = -1;
            int fracEnd = end;
            if (text.charAt(end) == '.' || text.charAt(end) == ',') {
                fracStart = end + 1;
                fracEnd = fracStart;
                while (fracEnd < text.length() && fracEnd - fracStart < 9
                        && text.charAt(fracEnd) >= '0' && text.charAt(fracEnd) <= '9') {
                    fracEnd++;
                }
            }
            if (fracEnd >= text.length() || Character.toUpperCase(text.charAt(fracEnd)) != 'S') {
                return;
            }
            secs = number(end, 1, "seconds");
            if (fracStart >= 0 && fracEnd > fracStart) {
                int fraction = Integer.parseInt(text.substring(fracStart, fracEnd));
                for (int i = fracEnd - fracStart; i < 9; i++) {
                    fraction *= 10;
                }
                nanos = text.charAt(pos) == '-' ? -fraction : fraction;
            }
            pos = fracEnd + 1;
        }
    }

    // ---- accessors

    @Override
    public long get(TemporalUnit unit) {
        if (unit == ChronoUnit.SECONDS) {
            return seconds;
        } else if (unit == ChronoUnit.NANOS) {
            return nanos;
        }
        throw new UnsupportedTemporalTypeException("Unsupported unit: " + unit);
    }

    @Override
    public List<TemporalUnit> getUnits() {
        return List.<TemporalUnit>of(ChronoUnit.SECONDS, ChronoUnit.NANOS);
    }

    public boolean isZero() {
        return (seconds | nanos) == 0;
    }

    public boolean isNegative() {
        return seconds < 0;
    }

    public long getSeconds() {
        return seconds;
    }

    public int getNano() {
        return nanos;
    }

    public Duration withSeconds(long seconds) {
        return create(seconds, nanos);
    }

    public Duration withNanos(int nanoOfSecond) {
        ChronoField.NANO_OF_SECOND.checkValidIntValue(nanoOfSecond);
        return create(seconds, nanoOfSecond);
    }

    // ---- plus / minus

    public Duration plus(Duration duration) {
        return plus(duration.getSeconds(), duration.getNano());
    }

    public Duration plus(long amountToAdd, TemporalUnit unit) {
        if (unit == ChronoUnit.DAYS) {
            return plus(Math.multiplyExact(amountToAdd, 86400), 0);
        }
        if (unit.isDurationEstimated()) {
            throw new UnsupportedTemporalTypeException("Unit must not have an estimated duration");
        }
        if (amountToAdd == 0) {
            return this;
        }
        if (unit instanceof ChronoUnit) {
            switch ((ChronoUnit) unit) {
                case NANOS:
                    return plusNanos(amountToAdd);
                case MICROS:
                    return plusSeconds((amountToAdd / (1000_000L * 1000)) * 1000)
                            .plusNanos((amountToAdd % (1000_000L * 1000)) * 1000);
                case MILLIS:
                    return plusMillis(amountToAdd);
                case SECONDS:
                    return plusSeconds(amountToAdd);
                default:
                    return plusSeconds(Math.multiplyExact(unit.getDuration().seconds, amountToAdd));
            }
        }
        Duration duration = unit.getDuration().multipliedBy(amountToAdd);
        return plusSeconds(duration.getSeconds()).plusNanos(duration.getNano());
    }

    public Duration plusDays(long daysToAdd) {
        return plus(Math.multiplyExact(daysToAdd, 86400), 0);
    }

    public Duration plusHours(long hoursToAdd) {
        return plus(Math.multiplyExact(hoursToAdd, 3600), 0);
    }

    public Duration plusMinutes(long minutesToAdd) {
        return plus(Math.multiplyExact(minutesToAdd, 60), 0);
    }

    public Duration plusSeconds(long secondsToAdd) {
        return plus(secondsToAdd, 0);
    }

    public Duration plusMillis(long millisToAdd) {
        return plus(millisToAdd / 1000, (millisToAdd % 1000) * 1000_000);
    }

    public Duration plusNanos(long nanosToAdd) {
        return plus(0, nanosToAdd);
    }

    private Duration plus(long secondsToAdd, long nanosToAdd) {
        if ((secondsToAdd | nanosToAdd) == 0) {
            return this;
        }
        long epochSec = Math.addExact(seconds, secondsToAdd);
        epochSec = Math.addExact(epochSec, nanosToAdd / NANOS_PER_SECOND);
        nanosToAdd = nanosToAdd % NANOS_PER_SECOND;
        long nanoAdjustment = nanos + nanosToAdd;
        return ofSeconds(epochSec, nanoAdjustment);
    }

    public Duration minus(Duration duration) {
        long secsToSubtract = duration.getSeconds();
        int nanosToSubtract = duration.getNano();
        if (secsToSubtract == Long.MIN_VALUE) {
            return plus(Long.MAX_VALUE, -nanosToSubtract).plus(1, 0);
        }
        return plus(-secsToSubtract, -nanosToSubtract);
    }

    public Duration minus(long amountToSubtract, TemporalUnit unit) {
        return amountToSubtract == Long.MIN_VALUE
                ? plus(Long.MAX_VALUE, unit).plus(1, unit) : plus(-amountToSubtract, unit);
    }

    public Duration minusDays(long days) {
        return days == Long.MIN_VALUE ? plusDays(Long.MAX_VALUE).plusDays(1) : plusDays(-days);
    }

    public Duration minusHours(long hours) {
        return hours == Long.MIN_VALUE ? plusHours(Long.MAX_VALUE).plusHours(1) : plusHours(-hours);
    }

    public Duration minusMinutes(long minutes) {
        return minutes == Long.MIN_VALUE ? plusMinutes(Long.MAX_VALUE).plusMinutes(1) : plusMinutes(-minutes);
    }

    public Duration minusSeconds(long seconds) {
        return seconds == Long.MIN_VALUE ? plusSeconds(Long.MAX_VALUE).plusSeconds(1) : plusSeconds(-seconds);
    }

    public Duration minusMillis(long millis) {
        return millis == Long.MIN_VALUE ? plusMillis(Long.MAX_VALUE).plusMillis(1) : plusMillis(-millis);
    }

    public Duration minusNanos(long nanos) {
        return nanos == Long.MIN_VALUE ? plusNanos(Long.MAX_VALUE).plusNanos(1) : plusNanos(-nanos);
    }

    // ---- multiply / divide (exact, through BigDecimal seconds)

    public Duration multipliedBy(long multiplicand) {
        if (multiplicand == 0) {
            return ZERO;
        }
        if (multiplicand == 1) {
            return this;
        }
        return create(toBigDecimalSeconds().multiply(BigDecimal.valueOf(multiplicand)));
    }

    public Duration dividedBy(long divisor) {
        if (divisor == 0) {
            throw new ArithmeticException("Cannot divide by zero");
        }
        if (divisor == 1) {
            return this;
        }
        return create(toBigDecimalSeconds().divide(BigDecimal.valueOf(divisor), RoundingMode.DOWN));
    }

    public long dividedBy(Duration divisor) {
        BigDecimal dividendBigD = toBigDecimalSeconds();
        BigDecimal divisorBigD = divisor.toBigDecimalSeconds();
        if (divisorBigD.signum() == 0) {
            throw new ArithmeticException("Cannot divide by zero");
        }
        return dividendBigD.divideToIntegralValue(divisorBigD).longValueExact();
    }

    private BigDecimal toBigDecimalSeconds() {
        return BigDecimal.valueOf(seconds).add(BigDecimal.valueOf(nanos, 9));
    }

    private static Duration create(BigDecimal seconds) {
        BigInteger nanos = seconds.movePointRight(9).toBigIntegerExact();
        BigInteger[] divRem = nanos.divideAndRemainder(BI_NANOS_PER_SECOND);
        if (divRem[0].bitLength() > 63) {
            throw new ArithmeticException("Exceeds capacity of Duration: " + nanos);
        }
        return ofSeconds(divRem[0].longValue(), divRem[1].intValue());
    }

    public Duration negated() {
        return multipliedBy(-1);
    }

    public Duration abs() {
        return isNegative() ? negated() : this;
    }

    // ---- Temporal arithmetic

    @Override
    public Temporal addTo(Temporal temporal) {
        if (seconds != 0) {
            temporal = temporal.plus(seconds, ChronoUnit.SECONDS);
        }
        if (nanos != 0) {
            temporal = temporal.plus(nanos, ChronoUnit.NANOS);
        }
        return temporal;
    }

    @Override
    public Temporal subtractFrom(Temporal temporal) {
        if (seconds != 0) {
            temporal = temporal.minus(seconds, ChronoUnit.SECONDS);
        }
        if (nanos != 0) {
            temporal = temporal.minus(nanos, ChronoUnit.NANOS);
        }
        return temporal;
    }

    // ---- conversions

    public long toDays() {
        return seconds / 86400;
    }

    public long toHours() {
        return seconds / 3600;
    }

    public long toMinutes() {
        return seconds / 60;
    }

    public long toSeconds() {
        return seconds;
    }

    public long toMillis() {
        long tempSeconds = seconds;
        long tempNanos = nanos;
        if (tempSeconds < 0) {
            tempSeconds = tempSeconds + 1;
            tempNanos = tempNanos - NANOS_PER_SECOND;
        }
        long millis = Math.multiplyExact(tempSeconds, 1000);
        return Math.addExact(millis, tempNanos / 1000_000);
    }

    public long toNanos() {
        long tempSeconds = seconds;
        long tempNanos = nanos;
        if (tempSeconds < 0) {
            tempSeconds = tempSeconds + 1;
            tempNanos = tempNanos - NANOS_PER_SECOND;
        }
        long totalNanos = Math.multiplyExact(tempSeconds, NANOS_PER_SECOND);
        return Math.addExact(totalNanos, tempNanos);
    }

    public long toDaysPart() {
        return seconds / 86400;
    }

    public int toHoursPart() {
        return (int) (toHours() % 24);
    }

    public int toMinutesPart() {
        return (int) (toMinutes() % 60);
    }

    public int toSecondsPart() {
        return (int) (seconds % 60);
    }

    public int toMillisPart() {
        return nanos / 1000_000;
    }

    public int toNanosPart() {
        return nanos;
    }

    // ---- comparison and text

    @Override
    public int compareTo(Duration otherDuration) {
        int cmp = Long.compare(seconds, otherDuration.seconds);
        if (cmp != 0) {
            return cmp;
        }
        return nanos - otherDuration.nanos;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Duration)) {
            return false;
        }
        Duration o = (Duration) other;
        return seconds == o.seconds && nanos == o.nanos;
    }

    @Override
    public int hashCode() {
        return ((int) (seconds ^ (seconds >>> 32))) + (51 * nanos);
    }

    @Override
    public String toString() {
        if (this == ZERO) {
            return "PT0S";
        }
        long effectiveTotalSecs = seconds;
        if (seconds < 0 && nanos > 0) {
            effectiveTotalSecs++;
        }
        long hours = effectiveTotalSecs / 3600;
        int minutes = (int) ((effectiveTotalSecs % 3600) / 60);
        int secs = (int) (effectiveTotalSecs % 60);
        StringBuilder buf = new StringBuilder(24);
        buf.append("PT");
        if (hours != 0) {
            buf.append(hours).append('H');
        }
        if (minutes != 0) {
            buf.append(minutes).append('M');
        }
        if (secs == 0 && nanos == 0 && buf.length() > 2) {
            return buf.toString();
        }
        if (seconds < 0 && nanos > 0) {
            if (secs == 0) {
                buf.append("-0");
            } else {
                buf.append(secs);
            }
        } else {
            buf.append(secs);
        }
        if (nanos > 0) {
            int pos = buf.length();
            if (seconds < 0) {
                buf.append(2 * NANOS_PER_SECOND - nanos);
            } else {
                buf.append(nanos + NANOS_PER_SECOND);
            }
            while (buf.charAt(buf.length() - 1) == '0') {
                buf.setLength(buf.length() - 1);
            }
            buf.setCharAt(pos, '.');
        }
        buf.append('S');
        return buf.toString();
    }
}
