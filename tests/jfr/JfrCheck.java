import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.EventType;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a JFR recording with the JDK's own consumer API, as any Java tool would, and prints
 * what tests/jfr.rs compares between gcvm's recordings and HotSpot's:
 *
 * <pre>
 * java JfrCheck events FILE   one line per event type present:
 *                             "event NAME COUNT WITH_STACK RESOLVED_TOP_FRAMES"
 * java JfrCheck types FILE    one line per declared jdk.* event type:
 *                             "type NAME field:type field:type ..."
 * </pre>
 */
public class JfrCheck {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        List<String> lines = switch (args[0]) {
            case "events" -> events(file);
            case "types" -> types(file);
            default -> throw new IllegalArgumentException("mode: events or types");
        };
        lines.forEach(System.out::println);
    }

    static List<String> events(Path file) throws Exception {
        Map<String, long[]> counts = new TreeMap<>();
        try (RecordingFile f = new RecordingFile(file)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                long[] c = counts.computeIfAbsent(e.getEventType().getName(), k -> new long[3]);
                c[0]++;
                RecordedStackTrace stack = e.getStackTrace();
                if (stack != null && !stack.getFrames().isEmpty()) {
                    c[1]++;
                    RecordedFrame top = stack.getFrames().get(0);
                    if (top.getMethod() != null && top.getMethod().getType() != null
                            && !top.getMethod().getName().isEmpty()) {
                        c[2]++;
                    }
                }
            }
        }
        List<String> lines = new ArrayList<>();
        counts.forEach((name, c) -> lines.add("event " + name + " " + c[0] + " " + c[1] + " " + c[2]));
        return lines;
    }

    static List<String> types(Path file) throws Exception {
        List<String> lines = new ArrayList<>();
        try (RecordingFile f = new RecordingFile(file)) {
            for (EventType t : f.readEventTypes()) {
                if (!t.getName().startsWith("jdk.")) {
                    continue;
                }
                StringBuilder line = new StringBuilder("type " + t.getName());
                for (ValueDescriptor v : t.getFields()) {
                    line.append(' ').append(v.getName()).append(':').append(v.getTypeName());
                }
                lines.add(line.toString());
            }
        }
        lines.sort(null);
        return lines;
    }
}
