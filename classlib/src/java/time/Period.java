package java.time;

import java.time.chrono.ChronoLocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.time.temporal.TemporalAmount;
import java.time.temporal.TemporalUnit;
import java.time.temporal.UnsupportedTemporalTypeException;
import java.util.List;

/** A date-based amount in years, months and days (kept separately, as in the JDK). */
public final class Period implements TemporalAmount, java.io.Serializable {
    public static final Period ZERO = new Period(0, 0, 0);

    private final int years;
    private final int months;
    private final int days;

    private Period(int years, int months, int days) {
        this.years = years;
        this.months = months;
        this.days = days;
    }

    private static Period create(int years, int months, int days) {
        if ((years | months | days) == 0) {
            return ZERO;
        }
        return new Period(years, months, days);
    }

    public static Period ofYears(int years) {
        return create(years, 0, 0);
    }

    public static Period ofMonths(int months) {
        return create(0, months, 0);
    }

    public static Period ofWeeks(int weeks) {
        return create(0, 0, Math.multiplyExact(weeks, 7));
    }

    public static Period ofDays(int days) {
        return create(0, 0, days);
    }

    public static Period of(int years, int months, int days) {
        return create(years, months, days);
    }

    public static Period between(LocalDate startDateInclusive, LocalDate endDateExclusive) {
        return startDateInclusive.until((ChronoLocalDate) endDateExclusive);
    }

    public static Period parse(CharSequence text) {
        String s = text.toString();
        int pos = 0;
        boolean negate = false;
        if (pos < s.length() && (s.charAt(pos) == '-' || s.charAt(pos) == '+')) {
            negate = s.charAt(pos) == '-';
            pos++;
        }
        if (pos >= s.length() || Character.toUpperCase(s.charAt(pos)) != 'P') {
            throw new DateTimeParseException("Text cannot be parsed to a Period", text, 0);
        }
        pos++;
        String letters = "YMWD";
        int[] values = new int[4];
        boolean any = false;
        for (int k = 0; k < 4 && pos < s.length(); k++) {
            int end = pos;
            if (end < s.length() && (s.charAt(end) == '-' || s.charAt(end) == '+')) {
                end++;
            }
            int digits = end;
            while (end < s.length() && s.charAt(end) >= '0' && s.charAt(end) <= '9') {
                end++;
            }
            if (end == digits || end >= s.length()) {
                break;
            }
            int letter = letters.indexOf(Character.toUpperCase(s.charAt(end)), k);
            if (letter < 0) {
                break;
            }
            try {
                values[letter] = Integer.parseInt(s.substring(pos, end));
            } catch (NumberFormatException ex) {
                DateTimeParseException e = new DateTimeParseException("Text cannot be parsed to a Period", text, 0);
                e.initCause(ex);
                throw e;
            }
            any = true;
            k = letter;
            pos = end + 1;
        }
        if (!any || pos != s.length()) {
            throw new DateTimeParseException("Text cannot be parsed to a Period", text, 0);
        }
        try {
            int sign = negate ? -1 : 1;
            int days = Math.addExact(values[3], Math.multiplyExact(values[2], 7));
            return create(Math.multiplyExact(values[0], sign), Math.multiplyExact(values[1], sign),
                    Math.multiplyExact(days, sign));
        } catch (ArithmeticException ex) {
            DateTimeParseException e = new DateTimeParseException("Text cannot be parsed to a Period", text, 0);
            e.initCause(ex);
            throw e;
        }
    }

    @Override
    public long get(TemporalUnit unit) {
        if (unit == ChronoUnit.YEARS) {
            return years;
        } else if (unit == ChronoUnit.MONTHS) {
            return months;
        } else if (unit == ChronoUnit.DAYS) {
            return days;
        }
        throw new UnsupportedTemporalTypeException("Unsupported unit: " + unit);
    }

    @Override
    public List<TemporalUnit> getUnits() {
        return List.<TemporalUnit>of(ChronoUnit.YEARS, ChronoUnit.MONTHS, ChronoUnit.DAYS);
    }

    public boolean isZero() {
        return this == ZERO;
    }

    public boolean isNegative() {
        return years < 0 || months < 0 || days < 0;
    }

    public int getYears() {
        return years;
    }

    public int getMonths() {
        return months;
    }

    public int getDays() {
        return days;
    }

    public Period withYears(int years) {
        return create(years, months, days);
    }

    public Period withMonths(int months) {
        return create(years, months, days);
    }

    public Period withDays(int days) {
        return create(years, months, days);
    }

    public Period plusYears(long yearsToAdd) {
        return yearsToAdd == 0 ? this : create(Math.toIntExact(Math.addExact(years, yearsToAdd)), months, days);
    }

    public Period plusMonths(long monthsToAdd) {
        return monthsToAdd == 0 ? this : create(years, Math.toIntExact(Math.addExact(months, monthsToAdd)), days);
    }

    public Period plusDays(long daysToAdd) {
        return daysToAdd == 0 ? this : create(years, months, Math.toIntExact(Math.addExact(days, daysToAdd)));
    }

    public Period minusYears(long yearsToSubtract) {
        return yearsToSubtract == Long.MIN_VALUE ? plusYears(Long.MAX_VALUE).plusYears(1) : plusYears(-yearsToSubtract);
    }

    public Period minusMonths(long monthsToSubtract) {
        return monthsToSubtract == Long.MIN_VALUE ? plusMonths(Long.MAX_VALUE).plusMonths(1) : plusMonths(-monthsToSubtract);
    }

    public Period minusDays(long daysToSubtract) {
        return daysToSubtract == Long.MIN_VALUE ? plusDays(Long.MAX_VALUE).plusDays(1) : plusDays(-daysToSubtract);
    }

    public Period multipliedBy(int scalar) {
        if (this == ZERO || scalar == 1) {
            return this;
        }
        return create(Math.multiplyExact(years, scalar), Math.multiplyExact(months, scalar),
                Math.multiplyExact(days, scalar));
    }

    public Period negated() {
        return multipliedBy(-1);
    }

    public Period normalized() {
        long totalMonths = toTotalMonths();
        long splitYears = totalMonths / 12;
        int splitMonths = (int) (totalMonths % 12);
        if (splitYears == years && splitMonths == months) {
            return this;
        }
        return create(Math.toIntExact(splitYears), splitMonths, days);
    }

    public long toTotalMonths() {
        return years * 12L + months;
    }

    @Override
    public Temporal addTo(Temporal temporal) {
        if (months == 0) {
            if (years != 0) {
                temporal = temporal.plus(years, ChronoUnit.YEARS);
            }
        } else {
            long totalMonths = toTotalMonths();
            if (totalMonths != 0) {
                temporal = temporal.plus(totalMonths, ChronoUnit.MONTHS);
            }
        }
        if (days != 0) {
            temporal = temporal.plus(days, ChronoUnit.DAYS);
        }
        return temporal;
    }

    @Override
    public Temporal subtractFrom(Temporal temporal) {
        if (months == 0) {
            if (years != 0) {
                temporal = temporal.minus(years, ChronoUnit.YEARS);
            }
        } else {
            long totalMonths = toTotalMonths();
            if (totalMonths != 0) {
                temporal = temporal.minus(totalMonths, ChronoUnit.MONTHS);
            }
        }
        if (days != 0) {
            temporal = temporal.minus(days, ChronoUnit.DAYS);
        }
        return temporal;
    }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Period)) {
            return false;
        }
        Period o = (Period) obj;
        return years == o.years && months == o.months && days == o.days;
    }

    @Override
    public int hashCode() {
        return years + Integer.rotateLeft(months, 8) + Integer.rotateLeft(days, 16);
    }

    @Override
    public String toString() {
        if (this == ZERO) {
            return "P0D";
        }
        StringBuilder buf = new StringBuilder();
        buf.append('P');
        if (years != 0) {
            buf.append(years).append('Y');
        }
        if (months != 0) {
            buf.append(months).append('M');
        }
        if (days != 0) {
            buf.append(days).append('D');
        }
        return buf.toString();
    }
}
