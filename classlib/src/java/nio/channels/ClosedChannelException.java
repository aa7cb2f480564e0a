package java.nio.channels;

/** Thrown by Files' streams used after close (the JDK's are channel-backed). */
public class ClosedChannelException extends java.io.IOException {

    public ClosedChannelException() {
    }
}
