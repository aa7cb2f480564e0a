package java.io;

import jdk.internal.gcvm.FileSystem;

/**
 * A file read and written at a movable position ("r" or "rw"; "rws"/"rwd" act as "rw"). The
 * DataInput/DataOutput methods are big-endian as the JDK's; a missing file in "r" mode, or an
 * unwritable one, throws FileNotFoundException with HotSpot's message. Not provided:
 * getChannel, getFD.
 */
public class RandomAccessFile implements DataOutput, DataInput, Closeable {

    private final int fd;
    private boolean closed;

    public RandomAccessFile(String name, String mode) throws FileNotFoundException {
        if (name == null) {
            throw new NullPointerException();
        }
        this.fd = FileSystem.openForStream(name, flagsFor(mode));
    }

    public RandomAccessFile(File file, String mode) throws FileNotFoundException {
        this(file.getPath(), mode);
    }

    private static int flagsFor(String mode) {
        if (mode.equals("r")) {
            return FileSystem.READ;
        }
        if (mode.equals("rw") || mode.equals("rws") || mode.equals("rwd")) {
            return FileSystem.READ | FileSystem.WRITE | FileSystem.CREATE;
        }
        throw new IllegalArgumentException("Illegal mode \"" + mode
                + "\" must be one of \"r\", \"rw\", \"rws\", or \"rwd\"");
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("Stream Closed");
        }
    }

    // ---- positioning

    public long getFilePointer() throws IOException {
        ensureOpen();
        return FileSystem.position(fd);
    }

    public void seek(long pos) throws IOException {
        ensureOpen();
        if (pos < 0) {
            throw new IOException("Negative seek offset");
        }
        FileSystem.seek(fd, pos);
    }

    public long length() throws IOException {
        ensureOpen();
        return FileSystem.length(fd);
    }

    public void setLength(long newLength) throws IOException {
        ensureOpen();
        long pos = FileSystem.position(fd);
        FileSystem.setLength(fd, newLength);
        if (pos > newLength) {
            FileSystem.seek(fd, newLength);
        }
    }

    public int skipBytes(int n) throws IOException {
        if (n <= 0) {
            return 0;
        }
        long pos = getFilePointer();
        long len = length();
        long newPos = Math.min(pos + n, len);
        seek(newPos);
        return (int) (newPos - pos);
    }

    // ---- bytes

    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
    }

    public int read(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        return FileSystem.read(fd, b, off, len);
    }

    public int read(byte[] b) throws IOException {
        return read(b, 0, b.length);
    }

    public final void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    public final void readFully(byte[] b, int off, int len) throws IOException {
        int n = 0;
        while (n < len) {
            int count = read(b, off + n, len - n);
            if (count < 0) {
                throw new EOFException();
            }
            n += count;
        }
    }

    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    public void write(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        FileSystem.write(fd, b, off, len);
    }

    public void close() throws IOException {
        if (!closed) {
            closed = true;
            FileSystem.close(fd);
        }
    }

    // ---- DataInput

    private byte[] readExactly(int n) throws IOException {
        byte[] b = new byte[n];
        readFully(b, 0, n);
        return b;
    }

    private long readBigEndian(int n) throws IOException {
        byte[] b = readExactly(n);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    public final boolean readBoolean() throws IOException {
        return readUnsignedByte() != 0;
    }

    public final byte readByte() throws IOException {
        return (byte) readUnsignedByte();
    }

    public final int readUnsignedByte() throws IOException {
        int b = read();
        if (b < 0) {
            throw new EOFException();
        }
        return b;
    }

    public final short readShort() throws IOException {
        return (short) readBigEndian(2);
    }

    public final int readUnsignedShort() throws IOException {
        return (int) readBigEndian(2);
    }

    public final char readChar() throws IOException {
        return (char) readBigEndian(2);
    }

    public final int readInt() throws IOException {
        return (int) readBigEndian(4);
    }

    public final long readLong() throws IOException {
        return readBigEndian(8);
    }

    public final float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    public final double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    /** As the JDK: bytes as Latin-1 chars up to '\n', '\r' or "\r\n"; null at the end. */
    public final String readLine() throws IOException {
        StringBuilder input = new StringBuilder();
        int c = -1;
        boolean eol = false;
        while (!eol) {
            switch (c = read()) {
                case -1:
                case '\n':
                    eol = true;
                    break;
                case '\r':
                    eol = true;
                    long cur = getFilePointer();
                    if (read() != '\n') {
                        seek(cur);
                    }
                    break;
                default:
                    input.append((char) c);
                    break;
            }
        }
        if (c == -1 && input.length() == 0) {
            return null;
        }
        return input.toString();
    }

    public final String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }

    // ---- DataOutput

    private void writeBigEndian(long v, int n) throws IOException {
        byte[] b = new byte[n];
        for (int i = n - 1; i >= 0; i--) {
            b[i] = (byte) v;
            v >>>= 8;
        }
        write(b, 0, n);
    }

    public final void writeBoolean(boolean v) throws IOException {
        write(v ? 1 : 0);
    }

    public final void writeByte(int v) throws IOException {
        write(v);
    }

    public final void writeShort(int v) throws IOException {
        writeBigEndian(v, 2);
    }

    public final void writeChar(int v) throws IOException {
        writeBigEndian(v, 2);
    }

    public final void writeInt(int v) throws IOException {
        writeBigEndian(v, 4);
    }

    public final void writeLong(long v) throws IOException {
        writeBigEndian(v, 8);
    }

    public final void writeFloat(float v) throws IOException {
        writeInt(Float.floatToIntBits(v));
    }

    public final void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToLongBits(v));
    }

    public final void writeBytes(String s) throws IOException {
        byte[] b = new byte[s.length()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) s.charAt(i);
        }
        write(b, 0, b.length);
    }

    public final void writeChars(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            writeChar(s.charAt(i));
        }
    }

    public final void writeUTF(String str) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new DataOutputStream(bytes).writeUTF(str);
        write(bytes.toByteArray());
    }
}
