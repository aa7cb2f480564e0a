package java.util;

import java.time.ZoneId;

/**
 * A time zone: gcvm knows only zones with one fixed offset and no daylight saving: UTC, GMT,
 * their Etc/ aliases, and custom IDs "GMT+hh:mm" (given as GMT+h, GMT+hh, GMT+hhmm or
 * GMT+hh:mm and normalized like the JDK's). An unknown ID gives GMT, as in the JDK, except a
 * region ID under a tz-database area (Europe/..., America/...), which throws
 * UnsupportedOperationException: gcvm has no time-zone database, so it cannot give its rules.
 *
 * The default zone is the TZ environment variable when it names a zone gcvm knows, else
 * "Etc/UTC" (what HotSpot reports on a machine whose /etc/localtime is UTC).
 */
public abstract class TimeZone implements java.io.Serializable, Cloneable {
    public static final int SHORT = 0;
    public static final int LONG = 1;

    private static final String[] UTC_IDS = {"UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal",
        "Universal", "Etc/Zulu", "Zulu"};
    private static final String[] GMT_IDS = {"GMT", "Etc/GMT", "Etc/Greenwich", "Greenwich", "GMT0",
        "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Etc/UT", "UT"};
    private static final String[] AREAS = {"Africa/", "America/", "Antarctica/", "Arctic/", "Asia/",
        "Atlantic/", "Australia/", "Europe/", "Indian/", "Pacific/", "US/", "Canada/", "Brazil/",
        "Chile/", "Mexico/"};

    private static TimeZone defaultZone;

    private String ID;

    public TimeZone() {
    }

    public abstract int getOffset(int era, int year, int month, int day, int dayOfWeek, int milliseconds);

    public int getOffset(long date) {
        return getRawOffset();
    }

    public abstract void setRawOffset(int offsetMillis);

    public abstract int getRawOffset();

    public String getID() {
        return ID;
    }

    public void setID(String ID) {
        if (ID == null) {
            throw new NullPointerException();
        }
        this.ID = ID;
    }

    public final String getDisplayName() {
        return getDisplayName(false, LONG);
    }

    public final String getDisplayName(Locale locale) {
        return getDisplayName(false, LONG);
    }

    public final String getDisplayName(boolean daylight, int style) {
        return getDisplayName(daylight, style, Locale.getDefault());
    }

    public String getDisplayName(boolean daylight, int style, Locale locale) {
        if (style != SHORT && style != LONG) {
            throw new IllegalArgumentException("Illegal style: " + style);
        }
        String id = getID();
        if (contains(UTC_IDS, id)) {
            return style == LONG ? "Coordinated Universal Time" : "UTC";
        }
        if (contains(GMT_IDS, id)) {
            return style == LONG ? "Greenwich Mean Time" : "GMT";
        }
        return customId(getRawOffset());
    }

    public int getDSTSavings() {
        return 0;
    }

    public abstract boolean useDaylightTime();

    public boolean observesDaylightTime() {
        return useDaylightTime();
    }

    public abstract boolean inDaylightTime(Date date);

    public boolean hasSameRules(TimeZone other) {
        return other != null && getRawOffset() == other.getRawOffset() && useDaylightTime() == other.useDaylightTime();
    }

    public ZoneId toZoneId() {
        String id = getID();
        if (id.startsWith("GMT+") || id.startsWith("GMT-")) {
            return ZoneId.of(id);
        }
        if (contains(UTC_IDS, id) || contains(GMT_IDS, id)) {
            try {
                return ZoneId.of(id);
            } catch (RuntimeException ex) {
                return ZoneId.of("UTC");
            }
        }
        return ZoneId.of(id);
    }

    public static synchronized TimeZone getTimeZone(String ID) {
        TimeZone zone = known(ID);
        if (zone == null) {
            for (String area : AREAS) {
                if (ID.startsWith(area)) {
                    throw new UnsupportedOperationException("gcvm has no time-zone database: time zone "
                            + ID + " is not available (only UTC, GMT and GMT+hh:mm)");
                }
            }
            zone = new FixedZone("GMT", 0);
        }
        return zone;
    }

    public static TimeZone getTimeZone(ZoneId zoneId) {
        String tzid = zoneId.getId();
        if (tzid.equals("Z")) {
            return getTimeZone("UTC");
        }
        if (tzid.startsWith("+") || tzid.startsWith("-")) {
            return getTimeZone("GMT" + tzid);
        }
        return getTimeZone(tzid);
    }

    /** A zone gcvm knows by this ID, or null. */
    private static TimeZone known(String id) {
        if (contains(UTC_IDS, id) || contains(GMT_IDS, id)) {
            return new FixedZone(id, 0);
        }
        return parseCustom(id);
    }

    /** GMT[+-]h, hh, hhmm, h:mm or hh:mm, as the JDK's parseCustomTimeZone. */
    private static TimeZone parseCustom(String id) {
        int length = id.length();
        if (length < 5 || !id.startsWith("GMT")) {
            return null;
        }
        char sign = id.charAt(3);
        if (sign != '+' && sign != '-') {
            return null;
        }
        int index = 4;
        int hours = 0;
        int num = 0;
        int countDelim = 0;
        int len = 0;
        while (index < length) {
            char c = id.charAt(index++);
            if (c == ':') {
                if (countDelim > 0 || len > 2) {
                    return null;
                }
                hours = num;
                countDelim++;
                num = 0;
                len = 0;
                continue;
            }
            if (c < '0' || c > '9') {
                return null;
            }
            num = num * 10 + (c - '0');
            len++;
        }
        if (index != length) {
            return null;
        }
        if (countDelim == 0) {
            if (len <= 2) {
                hours = num;
                num = 0;
            } else {
                hours = num / 100;
                num %= 100;
            }
        } else if (len != 2) {
            return null;
        }
        if (hours > 23 || num > 59) {
            return null;
        }
        int gmtOffset = (hours * 60 + num) * 60 * 1000;
        if (gmtOffset == 0) {
            return new FixedZone(sign == '-' ? "GMT-00:00" : "GMT+00:00", 0);
        }
        if (sign == '-') {
            gmtOffset = -gmtOffset;
        }
        return new FixedZone(customId(gmtOffset), gmtOffset);
    }

    private static String customId(int offsetMillis) {
        int minutes = Math.abs(offsetMillis) / 60000;
        StringBuilder sb = new StringBuilder("GMT");
        sb.append(offsetMillis < 0 ? '-' : '+');
        int h = minutes / 60;
        int m = minutes % 60;
        sb.append((char) ('0' + h / 10)).append((char) ('0' + h % 10)).append(':')
                .append((char) ('0' + m / 10)).append((char) ('0' + m % 10));
        return sb.toString();
    }

    private static boolean contains(String[] ids, String id) {
        for (String s : ids) {
            if (s.equals(id)) {
                return true;
            }
        }
        return false;
    }

    public static TimeZone getDefault() {
        return (TimeZone) getDefaultRef().clone();
    }

    private static synchronized TimeZone getDefaultRef() {
        if (defaultZone == null) {
            TimeZone zone = null;
            String tz = System.getenv("TZ");
            if (tz != null && !tz.isEmpty()) {
                zone = known(tz.startsWith(":") ? tz.substring(1) : tz);
            }
            defaultZone = zone != null ? zone : new FixedZone("Etc/UTC", 0);
        }
        return defaultZone;
    }

    public static synchronized void setDefault(TimeZone zone) {
        defaultZone = zone == null ? null : (TimeZone) zone.clone();
    }

    public static synchronized String[] getAvailableIDs() {
        List<String> ids = new ArrayList<>();
        for (String s : GMT_IDS) {
            ids.add(s);
        }
        for (String s : UTC_IDS) {
            ids.add(s);
        }
        Collections.sort(ids);
        return ids.toArray(new String[0]);
    }

    @Override
    public Object clone() {
        try {
            return super.clone();
        } catch (CloneNotSupportedException e) {
            throw new InternalError(e);
        }
    }

    /** A zone with one raw offset and no daylight saving (the JDK's ZoneInfo without transitions). */
    private static final class FixedZone extends TimeZone {
        private int rawOffset;

        FixedZone(String id, int rawOffset) {
            setID(id);
            this.rawOffset = rawOffset;
        }

        @Override
        public int getOffset(int era, int year, int month, int day, int dayOfWeek, int milliseconds) {
            return rawOffset;
        }

        @Override
        public void setRawOffset(int offsetMillis) {
            rawOffset = offsetMillis;
        }

        @Override
        public int getRawOffset() {
            return rawOffset;
        }

        @Override
        public boolean useDaylightTime() {
            return false;
        }

        @Override
        public boolean inDaylightTime(Date date) {
            return false;
        }

        @Override
        public boolean equals(Object obj) {
            if (!(obj instanceof FixedZone)) {
                return false;
            }
            FixedZone o = (FixedZone) obj;
            return getID().equals(o.getID()) && rawOffset == o.rawOffset;
        }

        @Override
        public int hashCode() {
            return getID().hashCode() ^ rawOffset;
        }

        @Override
        public String toString() {
            return "sun.util.calendar.ZoneInfo[id=\"" + getID() + "\",offset=" + rawOffset
                    + ",dstSavings=0,useDaylight=false,transitions=0,lastRule=null]";
        }
    }
}
