/*
 * SlowLeak -- a server loop with a slow, steady memory leak.
 *
 * GC behaviour exercised:
 *   - Mostly short-lived garbage: each simulated request allocates a
 *     Request (with an int[] body and a header String), a response
 *     StringBuilder and a SessionListener with its context buffer; nearly
 *     all of it dies when the request ends.
 *   - A leak: the request handler registers its SessionListener with a
 *     long-lived EventBus and unregisters it in the normal path, but
 *     requests that fail (about 1 in 30) skip the unregistration, so their
 *     listeners -- and each listener's 1.2 KB int[] context -- stay reachable
 *     from the bus forever.  Live data grows steadily and linearly with the
 *     number of requests: every old-generation/full collection finds a bit
 *     more live data than the previous one.  A heap diff between two
 *     collections should point at the allocation sites in
 *     SessionListener.<init> (the listener and its int[] context) and at the
 *     bus's growing ArrayList backing array.
 *   - The leak is bounded: at the default size it reaches about 7 MB.
 *
 * Size argument (args[0], default 8): 21000 * size - 12000 requests are
 *   handled (9000 at size 1, 156000 at the default size); one request in
 *   about 30 leaks its listener (about 1.3 KB each with its 1.2 KB
 *   context).
 * Peak live size at the default size: about 7 MB at the end, nearly all
 *   of it the ~5200 leaked listeners plus the bus's ArrayList.
 *
 * Prints: the number of live listeners on the bus at ten checkpoints (the
 *   leak's steady growth), the totals of handled and failed requests,
 *   notifications delivered, and a checksum.  Output is deterministic.
 */
import java.util.ArrayList;
import java.util.Random;

public class SlowLeak {

    /** Per-request listener; the allocation site that leaks. */
    static final class SessionListener {
        final int requestId;
        final String name;
        final int[] context;
        long notified;

        SessionListener(int requestId, String name) {
            this.requestId = requestId;
            this.name = name;
            this.context = new int[300];
            for (int i = 0; i < context.length; i += 8) {
                context[i] = requestId ^ i;
            }
        }

        void onEvent(int event) {
            notified += event;
        }
    }

    /** Long-lived registry: the leak's root. */
    static final class EventBus {
        final ArrayList<SessionListener> listeners = new ArrayList<>();
        long delivered;

        void register(SessionListener l) {
            listeners.add(l);
        }

        void unregister(SessionListener l) {
            // Recently registered listeners sit at the end: search backwards.
            for (int i = listeners.size() - 1; i >= 0; i--) {
                if (listeners.get(i) == l) {
                    listeners.remove(i);
                    return;
                }
            }
        }

        void publish(int event) {
            for (int i = 0; i < listeners.size(); i++) {
                listeners.get(i).onEvent(event);
                delivered++;
            }
        }
    }

    static final class Request {
        final int id;
        final String header;
        final int[] body;

        Request(int id, Random rnd) {
            this.id = id;
            this.header = "GET /item/" + (id % 977) + "?session=" + Integer.toString(id);
            int seed = rnd.nextInt();
            this.body = new int[16 + (seed & 31)];
            for (int i = 0; i < body.length; i++) {
                body[i] = (seed >>> (i & 15)) & 255;
            }
        }
    }

    static final class RequestFailed extends Exception {
        RequestFailed(String message) {
            super(message);
        }
    }

    static final EventBus BUS = new EventBus();

    /** Handles one request; returns a digest of the response. */
    static long handle(Request req, int failEvery, Random rnd) throws RequestFailed {
        SessionListener listener = new SessionListener(req.id, req.header);
        BUS.register(listener);
        StringBuilder response = new StringBuilder();
        response.append("200 OK ").append(req.header.length()).append(' ');
        long sum = 0;
        for (int v : req.body) {
            sum += v;
        }
        response.append(sum);
        if (rnd.nextInt(failEvery) == 0) {
            // The bug: the failure path returns without unregistering.
            throw new RequestFailed("backend timeout for request " + req.id);
        }
        BUS.unregister(listener);
        return response.toString().hashCode() + sum;
    }

    public static void main(String[] args) {
        int size = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        if (size < 1) {
            size = 1;
        }
        int requests = 21000 * size - 12000;
        int failEvery = 30;
        Random rnd = new Random(99L);
        long checksum = 0;
        int failed = 0;
        StringBuilder growth = new StringBuilder();

        for (int r = 1; r <= requests; r++) {
            Request req = new Request(r, rnd);
            try {
                checksum = checksum * 31 + handle(req, failEvery, rnd);
            } catch (RequestFailed e) {
                failed++;
                checksum = checksum * 31 + e.getMessage().length();
            }
            if (r % 2000 == 0) {
                BUS.publish(r / 2000);
            }
            if (r % (requests / 10) == 0) {
                if (growth.length() > 0) {
                    growth.append(' ');
                }
                growth.append(BUS.listeners.size());
            }
        }

        long leakedDigest = 0;
        for (SessionListener l : BUS.listeners) {
            leakedDigest = leakedDigest * 31 + l.requestId + l.notified + l.context[8];
        }
        System.out.println("SlowLeak size=" + size + " requests=" + requests);
        System.out.println("listeners on the bus at each 10%: " + growth);
        System.out.println("failed requests " + failed + ", leaked listeners " + BUS.listeners.size()
                + ", notifications " + BUS.delivered);
        System.out.println("checksum " + Long.toString(checksum) + " leaked " + Long.toString(leakedDigest));
    }
}
