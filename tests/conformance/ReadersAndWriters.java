import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

/** java.io: readers over strings and standard input, data streams, byte streams; shutdown
 * hooks; environment and properties. Feed it standard input "alpha beta\ngamma\n\ndelta". */
public class ReadersAndWriters {
    public static void main(String[] args) throws IOException {
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in));
        String line;
        int n = 0;
        while ((line = stdin.readLine()) != null) {
            n++;
            System.out.println(n + ": [" + line + "] words=" + (line.isBlank() ? 0 : line.trim().split("\\s+").length));
        }
        BufferedReader r = new BufferedReader(new StringReader("one\r\ntwo\rthree\n\nfive"));
        System.out.println(r.lines().toList());
        StringReader sr = new StringReader("héllo");
        char[] buf = new char[3];
        System.out.println(sr.read(buf) + " " + new String(buf) + " " + (char) sr.read() + " " + sr.read() + " " + sr.read());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(-123456);
            out.writeLong(Long.MIN_VALUE + 7);
            out.writeDouble(Math.PI);
            out.writeFloat(-0.5f);
            out.writeBoolean(true);
            out.writeShort(65535);
            out.writeChar('Ω');
            out.writeUTF("naïve ünïcode €");
            out.writeByte(200);
            System.out.println("size " + out.size());
        }
        byte[] data = bytes.toByteArray();
        System.out.println(Arrays.toString(Arrays.copyOf(data, 12)));
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
        System.out.println(in.readInt() + " " + in.readLong() + " " + in.readDouble() + " " + in.readFloat() + " " + in.readBoolean()
            + " " + in.readShort() + " " + in.readChar() + " " + in.readUTF() + " " + in.readUnsignedByte());
        try { in.readByte(); } catch (EOFException e) { System.out.println("EOF " + e.getMessage()); }
        InputStream utf = new ByteArrayInputStream("añb€c😀".getBytes(StandardCharsets.UTF_8));
        Reader rd = new InputStreamReader(utf, StandardCharsets.UTF_8);
        StringBuilder sb = new StringBuilder();
        for (int c; (c = rd.read()) != -1;) sb.append((char) c).append(',');
        System.out.println(sb + " " + sb.length());
        ByteArrayInputStream bin = new ByteArrayInputStream(new byte[] { 1, 2, 3, 4, 5 });
        System.out.println(bin.read() + " " + bin.skip(2) + " " + bin.available() + " " + Arrays.toString(bin.readAllBytes()));
        StringWriter sw = new StringWriter();
        try (PrintWriter pw = new PrintWriter(sw)) {
            pw.printf("%s-%d%n", "x", 5);
        }
        System.out.print(sw);

        System.out.println(System.getProperty("line.separator").equals("\n") + " " + System.getProperty("java.version").startsWith("17") + " "
            + System.getProperty("os.name") + " " + (System.getProperty("user.dir") != null) + " " + System.getProperty("no.such", "dflt"));
        System.out.println("HOME set: " + (System.getenv("HOME") != null) + ", missing: " + System.getenv("GCVM_SURELY_UNSET_VAR") + ", map has PATH: " + System.getenv().containsKey("PATH"));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
        System.out.println("main ends");
    }
}
