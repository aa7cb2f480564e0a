package java.time;

import java.time.zone.ZoneRulesException;
import java.util.TimeZone;

/**
 * A time-zone ID. gcvm has no time-zone database: a ZoneId is either a ZoneOffset or a
 * ZoneRegion whose rules are one fixed offset (UTC, GMT, UT, Etc/UTC, Etc/GMT, Etc/UCT,
 * Etc/Universal, Etc/Zulu and the prefixed forms such as UTC+02:00). Any other region ID
 * ("Europe/Paris") throws ZoneRulesException naming the ID.
 */
public abstract class ZoneId implements java.io.Serializable {
    ZoneId() {
    }

    public static ZoneId systemDefault() {
        return of(TimeZone.getDefault().getID());
    }

    public static ZoneId of(String zoneId) {
        java.util.Objects.requireNonNull(zoneId, "zoneId");
        if (zoneId.length() <= 1 || zoneId.startsWith("+") || zoneId.startsWith("-")) {
            return ZoneOffset.of(zoneId);
        } else if (zoneId.startsWith("UTC") || zoneId.startsWith("GMT")) {
            return ofWithPrefix(zoneId, 3);
        } else if (zoneId.startsWith("UT")) {
            return ofWithPrefix(zoneId, 2);
        }
        return ZoneRegion.ofId(zoneId);
    }

    public static ZoneId ofOffset(String prefix, ZoneOffset offset) {
        if (prefix.isEmpty()) {
            return offset;
        }
        if (!prefix.equals("GMT") && !prefix.equals("UTC") && !prefix.equals("UT")) {
            throw new IllegalArgumentException("prefix should be GMT, UTC or UT, is: " + prefix);
        }
        if (offset.getTotalSeconds() != 0) {
            prefix = prefix.concat(offset.getId());
        }
        return new ZoneRegion(prefix, offset);
    }

    private static ZoneId ofWithPrefix(String zoneId, int prefixLength) {
        String prefix = zoneId.substring(0, prefixLength);
        if (zoneId.length() == prefixLength) {
            return ofOffset(prefix, ZoneOffset.UTC);
        }
        if (zoneId.charAt(prefixLength) != '+' && zoneId.charAt(prefixLength) != '-') {
            return ZoneRegion.ofId(zoneId);
        }
        try {
            ZoneOffset offset = ZoneOffset.of(zoneId.substring(prefixLength));
            if (offset == ZoneOffset.UTC) {
                return ofOffset(prefix, offset);
            }
            return ofOffset(prefix, offset);
        } catch (DateTimeException ex) {
            throw new DateTimeException("Invalid ID for offset-based ZoneId: " + zoneId, ex);
        }
    }

    public abstract String getId();

    /** The one offset of this zone (gcvm has fixed-offset zones only). */
    abstract ZoneOffset fixedOffset();

    public ZoneId normalized() {
        return fixedOffset();
    }

    public String getDisplayName(java.time.format.TextStyle style, java.util.Locale locale) {
        return getId();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ZoneId && getId().equals(((ZoneId) obj).getId());
    }

    @Override
    public int hashCode() {
        return getId().hashCode();
    }

    @Override
    public String toString() {
        return getId();
    }
}

/** A region ID whose rules are a single fixed offset. */
final class ZoneRegion extends ZoneId {
    private static final String[] UTC_ALIASES = {"Etc/UTC", "Etc/GMT", "Etc/UCT", "Etc/Universal",
        "Etc/Zulu", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Etc/UT", "UCT",
        "Universal", "Zulu", "Greenwich", "GMT0"};

    private final String id;
    private final ZoneOffset offset;

    ZoneRegion(String id, ZoneOffset offset) {
        this.id = id;
        this.offset = offset;
    }

    static ZoneRegion ofId(String zoneId) {
        if (!validFormat(zoneId)) {
            throw new DateTimeException("Invalid ID for region-based ZoneId, invalid format: " + zoneId);
        }
        for (String alias : UTC_ALIASES) {
            if (alias.equals(zoneId)) {
                return new ZoneRegion(zoneId, ZoneOffset.UTC);
            }
        }
        throw new ZoneRulesException("Unknown time-zone ID: " + zoneId
                + " (gcvm has no time-zone database: only UTC/GMT and fixed offsets)");
    }

    private static boolean validFormat(String zoneId) {
        int n = zoneId.length();
        if (n < 2) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = zoneId.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            if (i == 0 && !letter) {
                return false;
            }
            if (!letter && !(c >= '0' && c <= '9') && "~/._+-".indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String getId() {
        return id;
    }

    @Override
    ZoneOffset fixedOffset() {
        return offset;
    }
}
