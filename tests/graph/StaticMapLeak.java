import java.util.HashMap;
import java.util.Map;

/** A leak through a static map: every request's session is put into a static map and never
 *  removed. At any collection after the first requests, the sessions (and their byte[] payloads)
 *  are reachable only through StaticMapLeak.SESSIONS, and the map retains them all. */
public class StaticMapLeak {
    static final Map<Integer, Session> SESSIONS = new HashMap<>();

    static final class Session {
        final int id;
        final byte[] payload;
        Session(int id) { this.id = id; this.payload = new byte[200]; }
    }

    public static void main(String[] args) {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        long checksum = 0;
        for (int i = 0; i < requests; i++) {
            Session s = new Session(i);
            SESSIONS.put(i, s);
            // Short-lived garbage beside the leak.
            StringBuilder sb = new StringBuilder();
            for (int j = 0; j < 20; j++) sb.append(j);
            checksum += sb.length() + s.payload.length;
        }
        System.out.println(SESSIONS.size() + " " + checksum);
    }
}
