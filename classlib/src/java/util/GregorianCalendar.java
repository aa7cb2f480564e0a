package java.util;

import java.time.LocalDate;
import java.time.ZonedDateTime;

/**
 * The Gregorian calendar, proleptic: gcvm does not switch to the Julian calendar before
 * 15 October 1582 as the JDK does, so fields of earlier dates differ from HotSpot's (isLeapYear
 * alone follows the JDK's Julian rule for those years). Zones have one fixed offset and no
 * daylight saving (see TimeZone). Field resolution (which of DAY_OF_MONTH, week fields and
 * DAY_OF_YEAR wins, HOUR_OF_DAY vs HOUR/AM_PM), lenient overflow, non-lenient validation
 * messages, add/roll pinning and the week numbering follow the JDK's algorithms; dates are
 * "fixed dates" (day 1 = 1 January of year 1) as in the JDK.
 */
public class GregorianCalendar extends Calendar {
    public static final int BC = 0;
    public static final int AD = 1;

    private static final long ONE_DAY = 86400_000L;
    private static final long EPOCH_OFFSET = 719163L;
    private static final int[] MIN_VALUES = {BC, 1, JANUARY, 1, 0, 1, 1, SUNDAY, 1, AM, 0, 0, 0, 0, 0,
        -13 * 3600_000, 0};
    private static final int[] LEAST_MAX_VALUES = {AD, 292269054, DECEMBER, 52, 4, 28, 365, SATURDAY, 4,
        PM, 11, 23, 59, 59, 999, 14 * 3600_000, 20 * 60_000};
    private static final int[] MAX_VALUES = {AD, 292278994, DECEMBER, 53, 6, 31, 366, SATURDAY, 6, PM, 11,
        23, 59, 59, 999, 14 * 3600_000, 2 * 3600_000};
    private static final String[] MONTH_NAMES = {"January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"};
    private static final String[] DAY_NAMES = {"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday",
        "Friday", "Saturday"};

    public GregorianCalendar() {
        this(TimeZone.getDefault(), Locale.getDefault());
    }

    public GregorianCalendar(TimeZone zone) {
        this(zone, Locale.getDefault());
    }

    public GregorianCalendar(Locale aLocale) {
        this(TimeZone.getDefault(), aLocale);
    }

    public GregorianCalendar(TimeZone zone, Locale aLocale) {
        super(zone, aLocale);
        setTimeInMillis(System.currentTimeMillis());
    }

    public GregorianCalendar(int year, int month, int dayOfMonth) {
        this(year, month, dayOfMonth, 0, 0, 0, 0);
    }

    public GregorianCalendar(int year, int month, int dayOfMonth, int hourOfDay, int minute) {
        this(year, month, dayOfMonth, hourOfDay, minute, 0, 0);
    }

    public GregorianCalendar(int year, int month, int dayOfMonth, int hourOfDay, int minute, int second) {
        this(year, month, dayOfMonth, hourOfDay, minute, second, 0);
    }

    private GregorianCalendar(int year, int month, int dayOfMonth, int hourOfDay, int minute, int second,
            int millis) {
        super(TimeZone.getDefault(), Locale.getDefault());
        clear();
        set(YEAR, year);
        set(MONTH, month);
        set(DAY_OF_MONTH, dayOfMonth);
        if (hourOfDay >= 12 && hourOfDay <= 23) {
            internalSetComputed(AM_PM, PM);
            internalSetComputed(HOUR, hourOfDay - 12);
        } else {
            internalSetComputed(HOUR, hourOfDay);
        }
        set(HOUR_OF_DAY, hourOfDay);
        set(MINUTE, minute);
        set(SECOND, second);
        set(MILLISECOND, millis);
    }

    private void internalSetComputed(int field, int value) {
        fields[field] = value;
        stamp[field] = 1;
        isSet[field] = true;
    }

    public static GregorianCalendar from(ZonedDateTime zdt) {
        GregorianCalendar cal = new GregorianCalendar(TimeZone.getTimeZone(zdt.getZone()));
        cal.setFirstDayOfWeek(MONDAY);
        cal.setMinimalDaysInFirstWeek(4);
        cal.setTimeInMillis(Math.addExact(Math.multiplyExact(zdt.toEpochSecond(), 1000), zdt.getNano() / 1000_000));
        return cal;
    }

    public ZonedDateTime toZonedDateTime() {
        return ZonedDateTime.ofInstant(java.time.Instant.ofEpochMilli(getTimeInMillis()), getTimeZone().toZoneId());
    }

    public boolean isLeapYear(int year) {
        if ((year & 3) != 0) {
            return false;
        }
        if (year > 1582) {
            return (year % 100 != 0) || (year % 400 == 0);
        }
        return true;
    }

    private static boolean isGregorianLeap(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    private static int monthLength(int month, long year) {
        switch (month) {
            case FEBRUARY:
                return isGregorianLeap(year) ? 29 : 28;
            case APRIL:
            case JUNE:
            case SEPTEMBER:
            case NOVEMBER:
                return 30;
            default:
                return 31;
        }
    }

    // ---- fixed dates (day 1 = 0001-01-01, a Monday)

    private static long fixedDate(long year, int month, int day) {
        return LocalDate.of((int) year, month + 1, 1).toEpochDay() + EPOCH_OFFSET + day - 1;
    }

    private static long dayOfWeekDateOnOrBefore(long fixedDate, int dayOfWeek) {
        long fd = fixedDate - (dayOfWeek - 1);
        return fixedDate - Math.floorMod(fd, 7L);
    }

    private static int dayOfWeekOf(long fixedDate) {
        return (int) Math.floorMod(fixedDate, 7L) + SUNDAY;
    }

    private int weekNumber(long fixedDay1, long fixedDate) {
        long fixedDay1st = dayOfWeekDateOnOrBefore(fixedDay1 + 6, getFirstDayOfWeek());
        int ndays = (int) (fixedDay1st - fixedDay1);
        if (ndays >= getMinimalDaysInFirstWeek()) {
            fixedDay1st -= 7;
        }
        int normalizedDayOfPeriod = (int) (fixedDate - fixedDay1st);
        return Math.floorDiv(normalizedDayOfPeriod, 7) + 1;
    }

    // ---- time -> fields

    @Override
    protected void computeFields() {
        int rawOffset = getTimeZone().getOffset(time);
        long local = time + rawOffset;
        long epochDay = Math.floorDiv(local, ONE_DAY);
        int msOfDay = (int) Math.floorMod(local, ONE_DAY);
        LocalDate d = LocalDate.ofEpochDay(epochDay);
        long fixed = epochDay + EPOCH_OFFSET;
        int year = d.getYear();
        set0(ERA, year > 0 ? AD : BC);
        set0(YEAR, year > 0 ? year : 1 - year);
        set0(MONTH, d.getMonthValue() - 1);
        set0(DAY_OF_MONTH, d.getDayOfMonth());
        set0(DAY_OF_WEEK, dayOfWeekOf(fixed));
        set0(DAY_OF_YEAR, d.getDayOfYear());
        set0(DAY_OF_WEEK_IN_MONTH, (d.getDayOfMonth() - 1) / 7 + 1);
        set0(WEEK_OF_YEAR, weekOfYear(year, fixed, d.getDayOfYear()));
        set0(WEEK_OF_MONTH, weekNumber(fixed - d.getDayOfMonth() + 1, fixed));
        int hod = msOfDay / 3600_000;
        set0(AM_PM, hod / 12);
        set0(HOUR, hod % 12);
        set0(HOUR_OF_DAY, hod);
        set0(MINUTE, msOfDay / 60_000 % 60);
        set0(SECOND, msOfDay / 1000 % 60);
        set0(MILLISECOND, msOfDay % 1000);
        set0(ZONE_OFFSET, rawOffset);
        set0(DST_OFFSET, 0);
    }

    private void set0(int field, int value) {
        fields[field] = value;
        stamp[field] = 1;
        isSet[field] = true;
    }

    private int weekOfYear(int year, long fixed, int dayOfYear) {
        long jan1 = fixed - dayOfYear + 1;
        int week = weekNumber(jan1, fixed);
        if (week == 0) {
            long prevJan1 = jan1 - (isGregorianLeap(year - 1) ? 366 : 365);
            week = weekNumber(prevJan1, fixed);
        } else if (week >= 52) {
            long nextJan1 = jan1 + (isGregorianLeap(year) ? 366 : 365);
            long nextJan1st = dayOfWeekDateOnOrBefore(nextJan1 + 6, getFirstDayOfWeek());
            int ndays = (int) (nextJan1st - nextJan1);
            if (ndays >= getMinimalDaysInFirstWeek()) {
                nextJan1st -= 7;
            }
            if (fixed >= nextJan1st) {
                week = 1;
            }
        }
        return week;
    }

    // ---- fields -> time

    private boolean externallySet(int field) {
        return stamp[field] >= 2;
    }

    private static int aggregateStamp(int a, int b) {
        return a == 0 || b == 0 ? 0 : Math.max(a, b);
    }

    @Override
    protected void computeTime() {
        int[] original = null;
        if (!isLenient()) {
            original = fields.clone();
            for (int field = 0; field < FIELD_COUNT; field++) {
                if (externallySet(field) && (fields[field] < getMinimum(field) || fields[field] > getMaximum(field))) {
                    throw new IllegalArgumentException(FIELD_NAMES[field]);
                }
            }
        }
        long year = isSet(YEAR) ? fields[YEAR] : 1970;
        if (isSet(ERA) && fields[ERA] == BC) {
            year = 1 - year;
        }
        long timeOfDay = timeOfDay();
        long fixed = fixedDateFromFields(year) + Math.floorDiv(timeOfDay, ONE_DAY);
        timeOfDay = Math.floorMod(timeOfDay, ONE_DAY);
        long millis = (fixed - EPOCH_OFFSET) * ONE_DAY + timeOfDay;
        int offset;
        if (externallySet(ZONE_OFFSET) || externallySet(DST_OFFSET)) {
            offset = fields[ZONE_OFFSET] + fields[DST_OFFSET];
        } else {
            offset = getTimeZone().getOffset(millis - getTimeZone().getRawOffset());
        }
        time = millis - offset;
        if (original != null) {
            int[] savedStamps = stamp.clone();
            computeFields();
            for (int field = 0; field < FIELD_COUNT; field++) {
                if (savedStamps[field] >= 2 && original[field] != fields[field]) {
                    String s = original[field] + " -> " + fields[field];
                    System.arraycopy(original, 0, fields, 0, fields.length);
                    System.arraycopy(savedStamps, 0, stamp, 0, stamp.length);
                    throw new IllegalArgumentException(FIELD_NAMES[field] + ": " + s);
                }
            }
            System.arraycopy(savedStamps, 0, stamp, 0, stamp.length);
            System.arraycopy(original, 0, fields, 0, fields.length);
        }
        areFieldsSet = false;
        areAllFieldsSet = false;
    }

    private long timeOfDay() {
        int hourOfDayStamp = stamp[HOUR_OF_DAY];
        int hourStamp = aggregateStamp(stamp[HOUR], stamp[AM_PM]);
        int bestStamp = hourStamp > hourOfDayStamp ? hourStamp : hourOfDayStamp;
        if (bestStamp == 0) {
            bestStamp = Math.max(stamp[HOUR], stamp[AM_PM]);
        }
        long hours = 0;
        if (bestStamp != 0) {
            if (bestStamp == hourOfDayStamp) {
                hours = fields[HOUR_OF_DAY];
            } else {
                hours = fields[HOUR];
                if (isSet(AM_PM)) {
                    hours += 12L * fields[AM_PM];
                }
            }
        }
        long t = hours * 60 + fields[MINUTE];
        t = t * 60 + fields[SECOND];
        return t * 1000 + fields[MILLISECOND];
    }

    /** The JDK's selectFields/getFixedDate for the date part. */
    private long fixedDateFromFields(long year) {
        int dowStamp = stamp[DAY_OF_WEEK];
        int monthStamp = stamp[MONTH];
        int domStamp = stamp[DAY_OF_MONTH];
        int womStamp = aggregateStamp(stamp[WEEK_OF_MONTH], dowStamp);
        int dowimStamp = aggregateStamp(stamp[DAY_OF_WEEK_IN_MONTH], dowStamp);
        int doyStamp = stamp[DAY_OF_YEAR];
        int woyStamp = aggregateStamp(stamp[WEEK_OF_YEAR], dowStamp);
        int bestStamp = domStamp;
        bestStamp = Math.max(bestStamp, womStamp);
        bestStamp = Math.max(bestStamp, dowimStamp);
        bestStamp = Math.max(bestStamp, doyStamp);
        bestStamp = Math.max(bestStamp, woyStamp);
        if (bestStamp == 0) {
            womStamp = stamp[WEEK_OF_MONTH];
            dowimStamp = Math.max(stamp[DAY_OF_WEEK_IN_MONTH], dowStamp);
            woyStamp = stamp[WEEK_OF_YEAR];
            bestStamp = Math.max(Math.max(womStamp, dowimStamp), woyStamp);
            if (bestStamp == 0) {
                bestStamp = domStamp = monthStamp;
            }
        }
        boolean useDow = dowStamp != 0;
        if (bestStamp == domStamp || (bestStamp == womStamp && stamp[WEEK_OF_MONTH] >= stamp[WEEK_OF_YEAR])
                || (bestStamp == dowimStamp && stamp[DAY_OF_WEEK_IN_MONTH] >= stamp[WEEK_OF_YEAR])) {
            // MONTH counts (and overflows into the year) only when the date is resolved within a month
            int month = isSet(MONTH) ? fields[MONTH] : JANUARY;
            year += Math.floorDiv(month, 12);
            month = Math.floorMod(month, 12);
            long fixed = fixedDate(year, month, 1);
            if (bestStamp == domStamp) {
                if (isSet(DAY_OF_MONTH)) {
                    fixed += fields[DAY_OF_MONTH] - 1;
                }
                return fixed;
            }
            boolean useWom;
            if (womStamp == dowimStamp) {
                useWom = stamp[WEEK_OF_MONTH] >= stamp[DAY_OF_WEEK_IN_MONTH];
            } else {
                useWom = bestStamp == womStamp;
            }
            if (useWom) {
                long firstDayOfWeek = dayOfWeekDateOnOrBefore(fixed + 6, getFirstDayOfWeek());
                if (firstDayOfWeek - fixed >= getMinimalDaysInFirstWeek()) {
                    firstDayOfWeek -= 7;
                }
                if (useDow) {
                    firstDayOfWeek = dayOfWeekDateOnOrBefore(firstDayOfWeek + 6, fields[DAY_OF_WEEK]);
                }
                return firstDayOfWeek + 7L * (fields[WEEK_OF_MONTH] - 1);
            }
            int dayOfWeek = useDow ? fields[DAY_OF_WEEK] : getFirstDayOfWeek();
            int dowim = stamp[DAY_OF_WEEK_IN_MONTH] != 0 ? fields[DAY_OF_WEEK_IN_MONTH] : 1;
            if (dowim >= 0) {
                return dayOfWeekDateOnOrBefore(fixed + (7L * dowim) - 1, dayOfWeek);
            }
            int lastDate = monthLength(month, year) + (7 * (dowim + 1));
            return dayOfWeekDateOnOrBefore(fixed + lastDate - 1, dayOfWeek);
        }
        long jan1 = fixedDate(year, JANUARY, 1);
        if (bestStamp == doyStamp) {
            return jan1 + fields[DAY_OF_YEAR] - 1;
        }
        long firstDayOfWeek = dayOfWeekDateOnOrBefore(jan1 + 6, getFirstDayOfWeek());
        if (firstDayOfWeek - jan1 >= getMinimalDaysInFirstWeek()) {
            firstDayOfWeek -= 7;
        }
        if (useDow && fields[DAY_OF_WEEK] != getFirstDayOfWeek()) {
            firstDayOfWeek = dayOfWeekDateOnOrBefore(firstDayOfWeek + 6, fields[DAY_OF_WEEK]);
        }
        return firstDayOfWeek + 7L * (fields[WEEK_OF_YEAR] - 1);
    }

    // ---- add / roll

    private long currentFixedDate() {
        long local = getTimeInMillis() + fields[ZONE_OFFSET] + fields[DST_OFFSET];
        return Math.floorDiv(local, ONE_DAY) + EPOCH_OFFSET;
    }

    @Override
    public void add(int field, int amount) {
        if (amount == 0) {
            return;
        }
        if (field < 0 || field >= ZONE_OFFSET) {
            throw new IllegalArgumentException();
        }
        complete();
        if (field == YEAR) {
            int year = internalGet(YEAR);
            if (internalGet(ERA) == AD) {
                year += amount;
                if (year > 0) {
                    set(YEAR, year);
                } else {
                    set(YEAR, 1 - year);
                    set(ERA, BC);
                }
            } else {
                year -= amount;
                if (year > 0) {
                    set(YEAR, year);
                } else {
                    set(YEAR, 1 - year);
                    set(ERA, AD);
                }
            }
            pinDayOfMonth();
        } else if (field == MONTH) {
            int month = internalGet(MONTH) + amount;
            int year = internalGet(YEAR);
            int yearAmount = month >= 0 ? month / 12 : (month + 1) / 12 - 1;
            if (yearAmount != 0) {
                if (internalGet(ERA) == AD) {
                    year += yearAmount;
                    if (year > 0) {
                        set(YEAR, year);
                    } else {
                        set(YEAR, 1 - year);
                        set(ERA, BC);
                    }
                } else {
                    year -= yearAmount;
                    if (year > 0) {
                        set(YEAR, year);
                    } else {
                        set(YEAR, 1 - year);
                        set(ERA, AD);
                    }
                }
            }
            set(MONTH, Math.floorMod(month, 12));
            pinDayOfMonth();
        } else if (field == ERA) {
            int era = internalGet(ERA) + amount;
            set(ERA, era < 0 ? 0 : Math.min(era, 1));
        } else {
            long delta = amount;
            long timeOfDay = 0;
            switch (field) {
                case HOUR:
                case HOUR_OF_DAY:
                    delta *= 3600_000L;
                    break;
                case MINUTE:
                    delta *= 60_000L;
                    break;
                case SECOND:
                    delta *= 1000L;
                    break;
                case WEEK_OF_YEAR:
                case WEEK_OF_MONTH:
                case DAY_OF_WEEK_IN_MONTH:
                    delta *= 7;
                    break;
                case AM_PM:
                    delta = amount / 2;
                    timeOfDay = 12 * (amount % 2);
                    break;
                default:
                    break;
            }
            if (field >= HOUR) {
                setTimeInMillis(time + delta);
                return;
            }
            long fd = currentFixedDate();
            timeOfDay += internalGet(HOUR_OF_DAY);
            timeOfDay *= 60;
            timeOfDay += internalGet(MINUTE);
            timeOfDay *= 60;
            timeOfDay += internalGet(SECOND);
            timeOfDay *= 1000;
            timeOfDay += internalGet(MILLISECOND);
            if (timeOfDay >= ONE_DAY) {
                fd++;
                timeOfDay -= ONE_DAY;
            } else if (timeOfDay < 0) {
                fd--;
                timeOfDay += ONE_DAY;
            }
            fd += delta;
            int zoneOffset = internalGet(ZONE_OFFSET) + internalGet(DST_OFFSET);
            setTimeInMillis((fd - EPOCH_OFFSET) * ONE_DAY + timeOfDay - zoneOffset);
        }
    }

    private void pinDayOfMonth() {
        long year = internalGet(ERA) == BC ? 1 - (long) internalGet(YEAR) : internalGet(YEAR);
        int monthLen = monthLength(internalGet(MONTH), year);
        if (internalGet(DAY_OF_MONTH) > monthLen) {
            set(DAY_OF_MONTH, monthLen);
        }
    }

    @Override
    public void roll(int field, boolean up) {
        roll(field, up ? +1 : -1);
    }

    @Override
    public void roll(int field, int amount) {
        if (amount == 0) {
            return;
        }
        if (field < 0 || field >= ZONE_OFFSET) {
            throw new IllegalArgumentException();
        }
        complete();
        switch (field) {
            case HOUR:
            case HOUR_OF_DAY: {
                int unit = getMaximum(field) + 1;
                int h = internalGet(field);
                int step = amount % unit;
                if (step == 0) {
                    step = amount > 0 ? 1 : -1; // what HotSpot does for a whole number of turns
                }
                int nh = Math.floorMod(h + step, unit);
                setTimeInMillis(time + 3600_000L * (nh - h));
                return;
            }
            case MONTH: {
                int mon = Math.floorMod(internalGet(MONTH) + amount, 12);
                set(MONTH, mon);
                pinDayOfMonth();
                return;
            }
            case DAY_OF_MONTH:
                set(DAY_OF_MONTH, rolled(internalGet(DAY_OF_MONTH), amount, 1, getActualMaximum(DAY_OF_MONTH)));
                return;
            case DAY_OF_YEAR: {
                int max = getActualMaximum(DAY_OF_YEAR);
                int value = rolled(internalGet(DAY_OF_YEAR), amount, 1, max);
                long fd = currentFixedDate() - internalGet(DAY_OF_YEAR) + value;
                LocalDate d = LocalDate.ofEpochDay(fd - EPOCH_OFFSET);
                set(MONTH, d.getMonthValue() - 1);
                set(DAY_OF_MONTH, d.getDayOfMonth());
                return;
            }
            case DAY_OF_WEEK: {
                amount %= 7;
                if (amount == 0) {
                    return;
                }
                long fd = currentFixedDate();
                long dowFirst = dayOfWeekDateOnOrBefore(fd, getFirstDayOfWeek());
                fd += amount;
                if (fd < dowFirst) {
                    fd += 7;
                } else if (fd >= dowFirst + 7) {
                    fd -= 7;
                }
                LocalDate d = LocalDate.ofEpochDay(fd - EPOCH_OFFSET);
                set(ERA, d.getYear() > 0 ? AD : BC);
                set(d.getYear() > 0 ? d.getYear() : 1 - d.getYear(), d.getMonthValue() - 1, d.getDayOfMonth());
                return;
            }
            case YEAR:
            case AM_PM:
            case MINUTE:
            case SECOND:
            case MILLISECOND:
                set(field, rolled(internalGet(field), amount, getMinimum(field), getActualMaximum(field)));
                return;
            default:
                throw new UnsupportedOperationException("gcvm: GregorianCalendar.roll(" + FIELD_NAMES[field]
                        + ") is not supported");
        }
    }

    private static int rolled(int value, int amount, int min, int max) {
        int range = max - min + 1;
        amount %= range;
        int n = value + amount;
        if (n > max) {
            n -= range;
        } else if (n < min) {
            n += range;
        }
        return n;
    }

    // ---- limits

    @Override
    public int getMinimum(int field) {
        return MIN_VALUES[field];
    }

    @Override
    public int getMaximum(int field) {
        return MAX_VALUES[field];
    }

    @Override
    public int getGreatestMinimum(int field) {
        return MIN_VALUES[field];
    }

    @Override
    public int getLeastMaximum(int field) {
        return LEAST_MAX_VALUES[field];
    }

    @Override
    public int getActualMaximum(int field) {
        complete();
        long year = internalGet(ERA) == BC ? 1 - (long) internalGet(YEAR) : internalGet(YEAR);
        int month = internalGet(MONTH);
        switch (field) {
            case DAY_OF_MONTH:
                return monthLength(month, year);
            case DAY_OF_YEAR:
                return isGregorianLeap(year) ? 366 : 365;
            case WEEK_OF_YEAR: {
                int dayOfWeek = dayOfWeekOf(fixedDate(year, JANUARY, 1)) - getFirstDayOfWeek();
                if (dayOfWeek < 0) {
                    dayOfWeek += 7;
                }
                int value = 52;
                int magic = dayOfWeek + getMinimalDaysInFirstWeek() - 1;
                if (magic == 6 || (isGregorianLeap(year) && (magic == 5 || magic == 12))) {
                    value++;
                }
                return value;
            }
            case WEEK_OF_MONTH: {
                int dayOfWeek = dayOfWeekOf(fixedDate(year, month, 1)) - getFirstDayOfWeek();
                if (dayOfWeek < 0) {
                    dayOfWeek += 7;
                }
                int monthLen = monthLength(month, year);
                int nDaysFirstWeek = 7 - dayOfWeek;
                int value = 3;
                if (nDaysFirstWeek >= getMinimalDaysInFirstWeek()) {
                    value++;
                }
                monthLen -= nDaysFirstWeek + 7 * 3;
                if (monthLen > 0) {
                    value++;
                    if (monthLen > 7) {
                        value++;
                    }
                }
                return value;
            }
            case DAY_OF_WEEK_IN_MONTH: {
                int ndays = monthLength(month, year);
                int dow1 = dayOfWeekOf(fixedDate(year, month, 1));
                int x = internalGet(DAY_OF_WEEK) - dow1;
                if (x < 0) {
                    x += 7;
                }
                ndays -= x;
                return (ndays + 6) / 7;
            }
            case YEAR:
                return 292278994;
            default:
                return getMaximum(field);
        }
    }

    static String displayName(int field, int value, int style) {
        boolean full = (style & 3) == LONG;
        boolean narrow = (style & NARROW_FORMAT) != 0;
        String name;
        switch (field) {
            case MONTH:
                name = value >= 0 && value < 12 ? MONTH_NAMES[value] : null;
                break;
            case DAY_OF_WEEK:
                name = value >= 1 && value <= 7 ? DAY_NAMES[value - 1] : null;
                break;
            case AM_PM:
                return value == AM ? "AM" : "PM";
            case ERA:
                return narrow ? (value == AD ? "A" : "B") : (value == AD ? "AD" : "BC");
            default:
                return null;
        }
        if (name == null) {
            return null;
        }
        if (narrow) {
            return name.substring(0, 1);
        }
        return full ? name : name.substring(0, 3);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof GregorianCalendar && super.equals(obj);
    }

    @Override
    public int hashCode() {
        return super.hashCode() ^ -110842880; // (int) of the JDK's Gregorian cutover time, -12219292800000L
    }
}
