package java.time.format;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalField;
import java.time.temporal.UnsupportedTemporalTypeException;

/**
 * The result of parsing: the fields read from the text, resolved into a date and a time
 * (JDK's java.time.format.Parsed, public here only so that java.time can reach it). Resolution
 * follows the JDK for the fields gcvm parses: year-of-era/era, year-month-day, year-day-of-year,
 * epoch-day, the hour fields with am/pm, minute/second/nano, milli/micro-of-second, and
 * cross-checks what is left (a day-of-week that does not match the date is a conflict).
 */
public final class Parsed implements java.time.temporal.TemporalAccessor {
    private static final ChronoField[] FIELDS = ChronoField.values();

    final long[] values = new long[FIELDS.length];
    final boolean[] present = new boolean[FIELDS.length];
    ZoneId zone;
    LocalDate date;
    LocalTime time;

    Parsed() {
    }

    /** Records a parsed value; false if the field already holds a different value. */
    boolean set(ChronoField field, long value) {
        int i = field.ordinal();
        if (present[i] && values[i] != value) {
            return false;
        }
        present[i] = true;
        values[i] = value;
        return true;
    }

    Parsed copy() {
        Parsed p = new Parsed();
        System.arraycopy(values, 0, p.values, 0, values.length);
        System.arraycopy(present, 0, p.present, 0, present.length);
        p.zone = zone;
        return p;
    }

    private boolean has(ChronoField f) {
        return present[f.ordinal()];
    }

    private long take(ChronoField f) {
        present[f.ordinal()] = false;
        return values[f.ordinal()];
    }

    // ---- resolution

    void resolve(ResolverStyle style) {
        resolveDateFields(style);
        resolveTimeFields(style);
        crossCheck();
        resolveFractional();
        resolveInstant();
    }

    /** Without a time, a parsed instant or second gets its milli/micro/nano-of-second fields (JDK). */
    private void resolveFractional() {
        if (time == null && (has(ChronoField.INSTANT_SECONDS) || has(ChronoField.SECOND_OF_DAY)
                || has(ChronoField.SECOND_OF_MINUTE))) {
            long nos = has(ChronoField.NANO_OF_SECOND) ? values[ChronoField.NANO_OF_SECOND.ordinal()] : 0;
            set(ChronoField.NANO_OF_SECOND, nos);
            set(ChronoField.MICRO_OF_SECOND, nos / 1000);
            set(ChronoField.MILLI_OF_SECOND, nos / 1000000);
        }
    }

    /** With a date, a time and an offset or zone, the instant becomes a field too (as in the JDK). */
    private void resolveInstant() {
        if (date == null || time == null) {
            return;
        }
        if (has(ChronoField.OFFSET_SECONDS)) {
            ZoneOffset offset = ZoneOffset.ofTotalSeconds((int) values[ChronoField.OFFSET_SECONDS.ordinal()]);
            set(ChronoField.INSTANT_SECONDS, date.atTime(time).atZone(offset).toEpochSecond());
        } else if (zone != null) {
            set(ChronoField.INSTANT_SECONDS, date.atTime(time).atZone(zone).toEpochSecond());
        }
    }

    private ZoneId effectiveZone() {
        if (zone != null) {
            return zone;
        }
        if (has(ChronoField.OFFSET_SECONDS)) {
            return ZoneOffset.ofTotalSeconds((int) values[ChronoField.OFFSET_SECONDS.ordinal()]);
        }
        return null;
    }

    private void resolveDateFields(ResolverStyle style) {
        if (has(ChronoField.EPOCH_DAY)) {
            date = LocalDate.ofEpochDay(take(ChronoField.EPOCH_DAY));
            return;
        }
        if (has(ChronoField.YEAR_OF_ERA)) {
            long yoe = values[ChronoField.YEAR_OF_ERA.ordinal()];
            if (style != ResolverStyle.LENIENT) {
                ChronoField.YEAR_OF_ERA.checkValidValue(yoe);
            }
            if (has(ChronoField.ERA)) {
                long era = take(ChronoField.ERA);
                take(ChronoField.YEAR_OF_ERA);
                ChronoField.ERA.checkValidValue(era);
                set(ChronoField.YEAR, era == 1 ? yoe : Math.subtractExact(1, yoe));
            } else if (style != ResolverStyle.STRICT) {
                take(ChronoField.YEAR_OF_ERA);
                set(ChronoField.YEAR, yoe);
            }
        }
        if (!has(ChronoField.YEAR)) {
            return;
        }
        if (has(ChronoField.MONTH_OF_YEAR) && has(ChronoField.DAY_OF_MONTH)) {
            int y = ChronoField.YEAR.checkValidIntValue(values[ChronoField.YEAR.ordinal()]);
            int moy = ChronoField.MONTH_OF_YEAR.checkValidIntValue(values[ChronoField.MONTH_OF_YEAR.ordinal()]);
            int dom = ChronoField.DAY_OF_MONTH.checkValidIntValue(values[ChronoField.DAY_OF_MONTH.ordinal()]);
            if (style == ResolverStyle.SMART) {
                dom = Math.min(dom, java.time.Month.of(moy).length(java.time.Year.isLeap(y)));
            }
            take(ChronoField.YEAR);
            take(ChronoField.MONTH_OF_YEAR);
            take(ChronoField.DAY_OF_MONTH);
            date = LocalDate.of(y, moy, dom);
        } else if (has(ChronoField.DAY_OF_YEAR)) {
            int y = ChronoField.YEAR.checkValidIntValue(values[ChronoField.YEAR.ordinal()]);
            int doy = ChronoField.DAY_OF_YEAR.checkValidIntValue(values[ChronoField.DAY_OF_YEAR.ordinal()]);
            take(ChronoField.YEAR);
            take(ChronoField.DAY_OF_YEAR);
            date = LocalDate.ofYearDay(y, doy);
        }
    }

    private void resolveTimeFields(ResolverStyle style) {
        if (has(ChronoField.CLOCK_HOUR_OF_DAY)) {
            long ch = take(ChronoField.CLOCK_HOUR_OF_DAY);
            if (style == ResolverStyle.STRICT || (style == ResolverStyle.SMART && ch != 0)) {
                ChronoField.CLOCK_HOUR_OF_DAY.checkValidValue(ch);
            }
            setChecked(ChronoField.HOUR_OF_DAY, ch == 24 ? 0 : ch);
        }
        if (has(ChronoField.CLOCK_HOUR_OF_AMPM)) {
            long ch = take(ChronoField.CLOCK_HOUR_OF_AMPM);
            if (style == ResolverStyle.STRICT || (style == ResolverStyle.SMART && ch != 0)) {
                ChronoField.CLOCK_HOUR_OF_AMPM.checkValidValue(ch);
            }
            setChecked(ChronoField.HOUR_OF_AMPM, ch == 12 ? 0 : ch);
        }
        if (has(ChronoField.AMPM_OF_DAY) && has(ChronoField.HOUR_OF_AMPM)) {
            long ap = take(ChronoField.AMPM_OF_DAY);
            long hap = take(ChronoField.HOUR_OF_AMPM);
            if (style != ResolverStyle.LENIENT) {
                ChronoField.AMPM_OF_DAY.checkValidValue(ap);
                ChronoField.HOUR_OF_AMPM.checkValidValue(hap);
            }
            setChecked(ChronoField.HOUR_OF_DAY, ap * 12 + hap);
        }
        if (has(ChronoField.NANO_OF_DAY)) {
            long nod = take(ChronoField.NANO_OF_DAY);
            ChronoField.NANO_OF_DAY.checkValidValue(nod);
            splitTime(nod / 1000_000_000L, nod % 1000_000_000L);
        }
        if (has(ChronoField.MILLI_OF_DAY)) {
            long mod = take(ChronoField.MILLI_OF_DAY);
            ChronoField.MILLI_OF_DAY.checkValidValue(mod);
            splitTime(mod / 1000, (mod % 1000) * 1000_000);
        }
        if (has(ChronoField.SECOND_OF_DAY)) {
            long sod = take(ChronoField.SECOND_OF_DAY);
            ChronoField.SECOND_OF_DAY.checkValidValue(sod);
            splitTime(sod, -1);
        }
        if (has(ChronoField.MINUTE_OF_DAY)) {
            long mod = take(ChronoField.MINUTE_OF_DAY);
            ChronoField.MINUTE_OF_DAY.checkValidValue(mod);
            setChecked(ChronoField.HOUR_OF_DAY, mod / 60);
            setChecked(ChronoField.MINUTE_OF_HOUR, mod % 60);
        }
        if (has(ChronoField.MILLI_OF_SECOND) && !has(ChronoField.NANO_OF_SECOND)) {
            long ms = take(ChronoField.MILLI_OF_SECOND);
            ChronoField.MILLI_OF_SECOND.checkValidValue(ms);
            set(ChronoField.NANO_OF_SECOND, ms * 1000_000);
        }
        if (has(ChronoField.MICRO_OF_SECOND) && !has(ChronoField.NANO_OF_SECOND)) {
            long us = take(ChronoField.MICRO_OF_SECOND);
            ChronoField.MICRO_OF_SECOND.checkValidValue(us);
            set(ChronoField.NANO_OF_SECOND, us * 1000);
        }
        if (!has(ChronoField.HOUR_OF_DAY)) {
            return;
        }
        boolean moh = has(ChronoField.MINUTE_OF_HOUR);
        boolean som = has(ChronoField.SECOND_OF_MINUTE);
        boolean nos = has(ChronoField.NANO_OF_SECOND);
        if ((!moh && (som || nos)) || (moh && !som && nos)) {
            return;
        }
        long h = take(ChronoField.HOUR_OF_DAY);
        long m = moh ? take(ChronoField.MINUTE_OF_HOUR) : 0;
        long s = som ? take(ChronoField.SECOND_OF_MINUTE) : 0;
        long n = nos ? take(ChronoField.NANO_OF_SECOND) : 0;
        int hour = ChronoField.HOUR_OF_DAY.checkValidIntValue(h);
        int minute = ChronoField.MINUTE_OF_HOUR.checkValidIntValue(m);
        int second = ChronoField.SECOND_OF_MINUTE.checkValidIntValue(s);
        int nano = ChronoField.NANO_OF_SECOND.checkValidIntValue(n);
        time = LocalTime.of(hour, minute, second, nano);
    }

    private void splitTime(long secondOfDay, long nano) {
        setChecked(ChronoField.HOUR_OF_DAY, secondOfDay / 3600);
        setChecked(ChronoField.MINUTE_OF_HOUR, (secondOfDay / 60) % 60);
        setChecked(ChronoField.SECOND_OF_MINUTE, secondOfDay % 60);
        if (nano >= 0) {
            setChecked(ChronoField.NANO_OF_SECOND, nano);
        }
    }

    private void setChecked(ChronoField field, long value) {
        int i = field.ordinal();
        if (present[i] && values[i] != value) {
            throw new DateTimeException("Conflict found: " + field + " " + values[i]
                    + " differs from " + field + " " + value + " while resolving  " + field);
        }
        present[i] = true;
        values[i] = value;
    }

    private void crossCheck() {
        for (int i = 0; i < FIELDS.length; i++) {
            if (!present[i]) {
                continue;
            }
            ChronoField f = FIELDS[i];
            java.time.temporal.TemporalAccessor target = null;
            if (date != null && f.isDateBased()) {
                target = date;
            } else if (time != null && f.isTimeBased()) {
                target = time;
            }
            if (target == null) {
                continue;
            }
            long actual = target.getLong(f);
            if (actual != values[i]) {
                throw new DateTimeException("Conflict found: Field " + f + " " + actual
                        + " differs from " + f + " " + values[i] + " derived from " + target);
            }
            present[i] = false;
        }
    }

    // ---- TemporalAccessor

    public ZonedDateTime toZonedDateTime() {
        ZoneId z = effectiveZone();
        if (z == null) {
            return null;
        }
        if (date != null && time != null) {
            return ZonedDateTime.of(date, time, z);
        }
        if (has(ChronoField.INSTANT_SECONDS)) {
            return ZonedDateTime.ofInstant(Instant.ofEpochSecond(values[ChronoField.INSTANT_SECONDS.ordinal()],
                    has(ChronoField.NANO_OF_SECOND) ? values[ChronoField.NANO_OF_SECOND.ordinal()] : 0), z);
        }
        return null;
    }

    @Override
    public boolean isSupported(TemporalField field) {
        if (!(field instanceof ChronoField)) {
            return false;
        }
        ChronoField f = (ChronoField) field;
        if (present[f.ordinal()]) {
            return true;
        }
        if (date != null && date.isSupported(f)) {
            return true;
        }
        return time != null && time.isSupported(f);
    }

    @Override
    public long getLong(TemporalField field) {
        if (field instanceof ChronoField) {
            ChronoField f = (ChronoField) field;
            if (present[f.ordinal()]) {
                return values[f.ordinal()];
            }
            if (date != null && date.isSupported(f)) {
                return date.getLong(f);
            }
            if (time != null && time.isSupported(f)) {
                return time.getLong(f);
            }
        }
        throw new UnsupportedTemporalTypeException("Unsupported field: " + field);
    }

    @Override
    public String toString() {
        StringBuilder buf = new StringBuilder(64);
        buf.append('{');
        boolean first = true;
        for (int i = 0; i < FIELDS.length; i++) {
            if (present[i]) {
                if (!first) {
                    buf.append(", ");
                }
                buf.append(FIELDS[i]).append('=').append(values[i]);
                first = false;
            }
        }
        buf.append("},ISO");
        if (zone != null) {
            buf.append(',').append(zone);
        }
        if (date != null || time != null) {
            buf.append(" resolved to ");
            if (date != null) {
                buf.append(date);
                if (time != null) {
                    buf.append('T').append(time);
                }
            } else {
                buf.append(time);
            }
        }
        return buf.toString();
    }
}
