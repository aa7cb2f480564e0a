package java.io;

import java.util.Formatter;
import java.util.Locale;
import jdk.internal.gcvm.Utf8;

/**
 * A byte stream that prints text as UTF-8. Each print/println/printf call encodes its whole text
 * and writes it to the underlying stream with a single write call (println includes the '\n').
 * IOExceptions are swallowed and reported through {@link #checkError()}, as in the JDK.
 */
public class PrintStream extends FilterOutputStream implements Appendable, Closeable {

    private final boolean autoFlush;
    private boolean trouble;
    private boolean closing;

    public PrintStream(OutputStream out) {
        this(out, false);
    }

    public PrintStream(OutputStream out, boolean autoFlush) {
        super(requireNonNull(out));
        this.autoFlush = autoFlush;
    }

    public PrintStream(OutputStream out, boolean autoFlush, String encoding)
            throws UnsupportedEncodingException {
        this(out, autoFlush);
        Utf8.lookup(encoding);
    }

    /** Over a file, unbuffered as the JDK's: each print reaches the file at once. */
    public PrintStream(String fileName) throws FileNotFoundException {
        this(new FileOutputStream(fileName), false);
    }

    public PrintStream(String fileName, String csn)
            throws FileNotFoundException, UnsupportedEncodingException {
        this(new FileOutputStream(fileName), false, csn);
    }

    public PrintStream(String fileName, java.nio.charset.Charset charset) throws IOException {
        this(new FileOutputStream(fileName), false);
    }

    public PrintStream(File file) throws FileNotFoundException {
        this(new FileOutputStream(file), false);
    }

    public PrintStream(File file, String csn)
            throws FileNotFoundException, UnsupportedEncodingException {
        this(new FileOutputStream(file), false, csn);
    }

    private static OutputStream requireNonNull(OutputStream out) {
        if (out == null) {
            throw new NullPointerException("Null output stream");
        }
        return out;
    }

    @Override
    public void flush() {
        synchronized (this) {
            try {
                if (out != null) {
                    out.flush();
                }
            } catch (IOException x) {
                trouble = true;
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (!closing) {
                closing = true;
                try {
                    out.close();
                } catch (IOException x) {
                    trouble = true;
                }
                out = null;
            }
        }
    }

    public boolean checkError() {
        if (out != null) {
            flush();
        }
        return trouble;
    }

    protected void setError() {
        trouble = true;
    }

    protected void clearError() {
        trouble = false;
    }

    @Override
    public void write(int b) {
        try {
            synchronized (this) {
                ensureOpen();
                out.write(b);
                if ((b == '\n') && autoFlush) {
                    out.flush();
                }
            }
        } catch (IOException x) {
            trouble = true;
        }
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        try {
            synchronized (this) {
                ensureOpen();
                out.write(buf, off, len);
                if (autoFlush) {
                    out.flush();
                }
            }
        } catch (IOException x) {
            trouble = true;
        }
    }

    @Override
    public void write(byte[] buf) throws IOException {
        this.write(buf, 0, buf.length);
    }

    public void writeBytes(byte[] buf) {
        this.write(buf, 0, buf.length);
    }

    private void ensureOpen() throws IOException {
        if (out == null) {
            throw new IOException("Stream closed");
        }
    }

    /** Encodes s as UTF-8 and writes it with one call. */
    private void writeText(String s) {
        try {
            synchronized (this) {
                ensureOpen();
                byte[] bytes = s.getBytes();
                out.write(bytes, 0, bytes.length);
                if (autoFlush && s.indexOf('\n') >= 0) {
                    out.flush();
                }
            }
        } catch (IOException x) {
            trouble = true;
        }
    }

    public void print(boolean b) {
        writeText(String.valueOf(b));
    }

    public void print(char c) {
        writeText(String.valueOf(c));
    }

    public void print(int i) {
        writeText(String.valueOf(i));
    }

    public void print(long l) {
        writeText(String.valueOf(l));
    }

    public void print(float f) {
        writeText(String.valueOf(f));
    }

    public void print(double d) {
        writeText(String.valueOf(d));
    }

    public void print(char[] s) {
        writeText(new String(s));
    }

    public void print(String s) {
        writeText(String.valueOf(s));
    }

    public void print(Object obj) {
        writeText(String.valueOf(obj));
    }

    public void println() {
        writeText("\n");
    }

    public void println(boolean x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(char x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(int x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(long x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(float x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(double x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(char[] x) {
        writeText(new String(x) + "\n");
    }

    public void println(String x) {
        writeText(String.valueOf(x) + "\n");
    }

    public void println(Object x) {
        writeText(String.valueOf(x) + "\n");
    }

    public PrintStream printf(String format, Object... args) {
        return format(format, args);
    }

    public PrintStream printf(Locale l, String format, Object... args) {
        return format(l, format, args);
    }

    public PrintStream format(String format, Object... args) {
        writeText(new Formatter().format(format, args).toString());
        return this;
    }

    public PrintStream format(Locale l, String format, Object... args) {
        writeText(new Formatter(l).format(format, args).toString());
        return this;
    }

    @Override
    public PrintStream append(CharSequence csq) {
        print(String.valueOf(csq));
        return this;
    }

    @Override
    public PrintStream append(CharSequence csq, int start, int end) {
        if (csq == null) {
            csq = "null";
        }
        return append(csq.subSequence(start, end));
    }

    @Override
    public PrintStream append(char c) {
        print(c);
        return this;
    }
}
