import java.io.*;
import java.text.MessageFormat;
import java.util.*;

/** A report generator driven by a properties file, as a build or deployment script reads one:
 * Properties.load (comments, continuation lines, escapes), defaults, StringTokenizer for lists,
 * MessageFormat for the lines, and storing the result back. */
public class ConfigReport {
    static final String CONFIG = String.join("\n",
        "# service settings",
        "! old-style comment",
        "service.name = inventory",
        "service.port=8080",
        "service.hosts = alpha, beta,\\",
        "    gamma , delta",
        "greeting = Hello\\tWorld\\u0021",
        "path=C:\\\\data\\\\files",
        "empty.value =",
        "key\\ with\\ spaces : colon-separated",
        "limits.memory=512",
        "limits.threads=12",
        "");

    public static void main(String[] args) throws IOException {
        Properties defaults = new Properties();
        defaults.setProperty("service.timeout", "30");
        defaults.setProperty("service.port", "80");
        Properties config = new Properties(defaults);
        config.load(new StringReader(CONFIG));

        for (String name : new TreeSet<>(config.stringPropertyNames())) {
            System.out.println(name + " -> [" + config.getProperty(name) + "]");
        }
        System.out.println("own keys: " + config.size() + ", missing with default: " + config.getProperty("nope", "n/a"));

        StringTokenizer hosts = new StringTokenizer(config.getProperty("service.hosts"), ", ");
        System.out.println("hosts: " + hosts.countTokens());
        int i = 0;
        while (hosts.hasMoreTokens()) {
            String host = hosts.nextToken();
            System.out.println(MessageFormat.format("  {0}. {1} listens on {2}:{3} (timeout {4}s)",
                ++i, host, host + ".local", config.getProperty("service.port"), config.getProperty("service.timeout")));
        }
        int memory = Integer.parseInt(config.getProperty("limits.memory"));
        int threads = Integer.parseInt(config.getProperty("limits.threads"));
        System.out.println(MessageFormat.format("{0} MB over {1} threads is {2,number,#.##} MB each; {3,number,integer} bytes",
            memory, threads, (double) memory / threads, (long) memory * 1024 * 1024));
        System.out.println(MessageFormat.format("quote: ''{0}'' and '{literal}' and {0}", "x"));
        MessageFormat hostCount = new MessageFormat("{0,choice,0#no hosts|1#one host|1<{0,number,integer} hosts} in {1}");
        for (int n : new int[] {0, 1, 4, 1200}) System.out.println(hostCount.format(new Object[] {n, config.getProperty("service.name")}));

        config.setProperty("service.port", "9090");
        config.remove("empty.value");
        StringWriter out = new StringWriter();
        config.store(out, null);
        List<String> stored = new ArrayList<>(Arrays.asList(out.toString().split("\n")));
        stored.removeIf(line -> line.startsWith("#"));
        Collections.sort(stored);
        System.out.println("stored:");
        for (String line : stored) System.out.println("  " + line);

        Properties reread = new Properties();
        reread.load(new StringReader(out.toString()));
        System.out.println("round trip equal: " + reread.equals(withoutDefaults(config)));
    }

    static Properties withoutDefaults(Properties p) {
        Properties copy = new Properties();
        for (Map.Entry<Object, Object> e : p.entrySet()) copy.put(e.getKey(), e.getValue());
        return copy;
    }
}
