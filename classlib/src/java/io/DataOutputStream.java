package java.io;

/** Writes primitives big-endian and strings in modified UTF-8, as the JDK. */
public class DataOutputStream extends FilterOutputStream implements DataOutput {
    protected int written;

    public DataOutputStream(OutputStream out) {
        super(out);
    }

    private void incCount(int value) {
        int temp = written + value;
        if (temp < 0) {
            temp = Integer.MAX_VALUE;
        }
        written = temp;
    }

    public synchronized void write(int b) throws IOException {
        out.write(b);
        incCount(1);
    }

    public synchronized void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        incCount(len);
    }

    public void flush() throws IOException {
        out.flush();
    }

    public final void writeBoolean(boolean v) throws IOException {
        write(v ? 1 : 0);
    }

    public final void writeByte(int v) throws IOException {
        write(v);
    }

    public final void writeShort(int v) throws IOException {
        write(new byte[] { (byte) (v >>> 8), (byte) v }, 0, 2);
    }

    public final void writeChar(int v) throws IOException {
        writeShort(v);
    }

    public final void writeInt(int v) throws IOException {
        write(new byte[] { (byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v }, 0, 4);
    }

    public final void writeLong(long v) throws IOException {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (56 - 8 * i));
        }
        write(b, 0, 8);
    }

    public final void writeFloat(float v) throws IOException {
        writeInt(Float.floatToIntBits(v));
    }

    public final void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToLongBits(v));
    }

    public final void writeBytes(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            write((byte) s.charAt(i));
        }
    }

    public final void writeChars(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            writeChar(s.charAt(i));
        }
    }

    public final void writeUTF(String str) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int i = 0; i < str.length(); i++) {
            char c = str.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                body.write(c);
            } else if (c <= 0x07FF) {
                body.write(0xC0 | ((c >> 6) & 0x1F));
                body.write(0x80 | (c & 0x3F));
            } else {
                body.write(0xE0 | ((c >> 12) & 0x0F));
                body.write(0x80 | ((c >> 6) & 0x3F));
                body.write(0x80 | (c & 0x3F));
            }
        }
        if (body.size() > 65535) {
            throw new UTFDataFormatException("encoded string (" + str.substring(0, 8) + "..." + str.substring(str.length() - 8) + ") too long: " + body.size() + " bytes");
        }
        writeShort(body.size());
        byte[] b = body.toByteArray();
        write(b, 0, b.length);
    }

    public final int size() {
        return written;
    }
}
