package java.util;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A point in time in milliseconds since the epoch. toString is the JDK's
 * "EEE MMM dd HH:mm:ss zzz yyyy" in the default zone. Dates before 15 October 1582 use the
 * proleptic Gregorian calendar, where the JDK switches to the Julian calendar (so their
 * toString and deprecated field getters differ from HotSpot's).
 */
public class Date implements java.io.Serializable, Cloneable, Comparable<Date> {
    private static final String[] DAYS = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
        "Sep", "Oct", "Nov", "Dec"};

    private long fastTime;

    public Date() {
        this(System.currentTimeMillis());
    }

    public Date(long date) {
        fastTime = date;
    }

    @Deprecated
    public Date(int year, int month, int date) {
        this(year, month, date, 0, 0, 0);
    }

    @Deprecated
    public Date(int year, int month, int date, int hrs, int min) {
        this(year, month, date, hrs, min, 0);
    }

    @Deprecated
    public Date(int year, int month, int date, int hrs, int min, int sec) {
        GregorianCalendar cal = new GregorianCalendar();
        cal.clear();
        cal.set(year + 1900, month, date, hrs, min, sec);
        fastTime = cal.getTimeInMillis();
    }

    public static Date from(Instant instant) {
        try {
            return new Date(instant.toEpochMilli());
        } catch (ArithmeticException ex) {
            throw new IllegalArgumentException(ex);
        }
    }

    public Instant toInstant() {
        return Instant.ofEpochMilli(getTime());
    }

    public long getTime() {
        return fastTime;
    }

    public void setTime(long time) {
        fastTime = time;
    }

    public boolean before(Date when) {
        return getTime() < when.getTime();
    }

    public boolean after(Date when) {
        return getTime() > when.getTime();
    }

    @Override
    public int compareTo(Date anotherDate) {
        return Long.compare(getTime(), anotherDate.getTime());
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof Date && getTime() == ((Date) obj).getTime();
    }

    @Override
    public int hashCode() {
        long ht = getTime();
        return (int) ht ^ (int) (ht >> 32);
    }

    @Override
    public Object clone() {
        try {
            return super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    private LocalDateTime local() {
        int offset = TimeZone.getDefault().getOffset(fastTime);
        long local = fastTime + offset;
        return LocalDateTime.ofEpochSecond(Math.floorDiv(local, 1000L), (int) Math.floorMod(local, 1000L) * 1000_000,
                ZoneOffset.UTC);
    }

    @Deprecated
    public int getYear() {
        return local().getYear() - 1900;
    }

    @Deprecated
    public int getMonth() {
        return local().getMonthValue() - 1;
    }

    @Deprecated
    public int getDate() {
        return local().getDayOfMonth();
    }

    @Deprecated
    public int getDay() {
        return local().getDayOfWeek().getValue() % 7;
    }

    @Deprecated
    public int getHours() {
        return local().getHour();
    }

    @Deprecated
    public int getMinutes() {
        return local().getMinute();
    }

    @Deprecated
    public int getSeconds() {
        return local().getSecond();
    }

    @Deprecated
    public int getTimezoneOffset() {
        return -TimeZone.getDefault().getOffset(fastTime) / 60000;
    }

    @Override
    public String toString() {
        TimeZone zone = TimeZone.getDefault();
        LocalDateTime t = local();
        StringBuilder sb = new StringBuilder(28);
        sb.append(DAYS[t.getDayOfWeek().getValue() - 1]).append(' ');
        sb.append(MONTHS[t.getMonthValue() - 1]).append(' ');
        pad2(sb, t.getDayOfMonth()).append(' ');
        pad2(sb, t.getHour()).append(':');
        pad2(sb, t.getMinute()).append(':');
        pad2(sb, t.getSecond()).append(' ');
        sb.append(zone.getDisplayName(false, TimeZone.SHORT)).append(' ');
        int year = t.getYear();
        sb.append(year > 0 ? year : 1 - year);
        return sb.toString();
    }

    private static StringBuilder pad2(StringBuilder sb, int value) {
        if (value < 10) {
            sb.append('0');
        }
        return sb.append(value);
    }
}
