//! The stream server: serves the viewer (HTML, JS, CSS compiled into the binary) and the
//! WebSocket protocol of docs/stream-format.md, over loopback unless told otherwise.
//!
//! One thread accepts connections; each connection gets a thread. A page request is answered
//! and closed; a WebSocket (`/ws?src=N`) becomes a viewer of source N's hub: the connection
//! thread forwards what the hub queues for it and hands the hub every command the viewer
//! sends, after `parse_command` validated it. The VM only ever talks to the hub, so a slow or
//! dead viewer slows nothing but its own thread. Crates: `httparse` reads page requests,
//! `tungstenite` speaks WebSocket.

use super::hub::{parse_command, Command, Outgoing, StreamHub, MAX_COMMAND_BYTES};
use serde_json::json;
use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::Message;

/// The viewer, as served.
const INDEX_HTML: &str = include_str!("../../viewer/index.html");
const VIEWER_JS: &str = include_str!("../../viewer/viewer.js");
const VIEWER_CSS: &str = include_str!("../../viewer/viewer.css");

/// The address `--stream` listens on when given none.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8765";

/// How long a connection may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the connection thread waits for the viewer's next message before forwarding
/// what the hub queued (the most a frame waits in the server).
const POLL: Duration = Duration::from_millis(10);
/// A viewer that takes longer than this to accept a frame is given up.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// A named source of frames (a live VM, or one of the recordings being replayed).
#[derive(Clone)]
pub struct Source {
    pub name: String,
    pub hub: Arc<StreamHub>,
}

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
}

impl Server {
    /// Listens on `addr` and serves `sources` from a background thread.
    pub fn start(addr: &str, sources: Vec<Source>) -> Result<Server, String> {
        let parsed: SocketAddr = addr.parse().map_err(|_| {
            format!("invalid stream address '{addr}' (expected e.g. 127.0.0.1:8765)")
        })?;
        let listener = TcpListener::bind(parsed).map_err(|e| {
            format!("cannot listen on {parsed}: {e} (--stream=127.0.0.1:0 picks a free port)")
        })?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {parsed}: {e}"))?;
        let sources = Arc::new(sources);
        std::thread::Builder::new()
            .name("gcvm-stream-server".into())
            .spawn(move || accept_loop(listener, sources))
            .map_err(|e| format!("cannot start the stream server: {e}"))?;
        Ok(Server { addr: local })
    }

    /// The viewer's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

fn accept_loop(listener: TcpListener, sources: Arc<Vec<Source>>) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let sources = sources.clone();
        let _ = std::thread::Builder::new()
            .name("gcvm-stream-conn".into())
            .spawn(move || {
                let _ = serve_connection(stream, &sources);
            });
    }
}

/// A request's method, path and the headers the server looks at.
struct Request {
    method: String,
    path: String,
    upgrade_websocket: bool,
    origin: Option<String>,
    host: Option<String>,
    /// Bytes of the request head (to consume after peeking).
    head_len: usize,
}

/// Reads (without consuming) the request head: WebSocket handshakes are then read again by
/// tungstenite.
fn peek_request(stream: &TcpStream) -> io::Result<Option<Request>> {
    let deadline = Instant::now() + REQUEST_TIMEOUT;
    let mut buf = vec![0u8; 8192];
    loop {
        let n = stream.peek(&mut buf)?;
        if n == 0 {
            return Ok(None);
        }
        let mut headers = [httparse::EMPTY_HEADER; 48];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(&buf[..n]) {
            Ok(httparse::Status::Complete(head_len)) => {
                let header = |name: &str| {
                    req.headers
                        .iter()
                        .find(|h| h.name.eq_ignore_ascii_case(name))
                        .and_then(|h| std::str::from_utf8(h.value).ok())
                        .map(str::to_string)
                };
                return Ok(Some(Request {
                    method: req.method.unwrap_or("").to_string(),
                    path: req.path.unwrap_or("/").to_string(),
                    upgrade_websocket: header("upgrade")
                        .is_some_and(|u| u.eq_ignore_ascii_case("websocket")),
                    origin: header("origin"),
                    host: header("host"),
                    head_len,
                }));
            }
            Ok(httparse::Status::Partial) if n < buf.len() && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => return Ok(None),
        }
    }
}

fn serve_connection(stream: TcpStream, sources: &[Source]) -> io::Result<()> {
    stream.set_read_timeout(Some(REQUEST_TIMEOUT))?;
    stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
    let Some(req) = peek_request(&stream)? else {
        return respond(stream, 0, 400, "text/plain", b"bad request\n");
    };
    if req.method != "GET" {
        return respond(stream, req.head_len, 405, "text/plain", b"only GET\n");
    }
    if !same_origin(&req) {
        return respond(
            stream,
            req.head_len,
            403,
            "text/plain",
            b"cross-origin requests are refused\n",
        );
    }
    let (path, query) = req.path.split_once('?').unwrap_or((&req.path, ""));
    match path {
        "/" | "/index.html" => respond(
            stream,
            req.head_len,
            200,
            "text/html; charset=utf-8",
            INDEX_HTML.as_bytes(),
        ),
        "/viewer.js" => respond(
            stream,
            req.head_len,
            200,
            "text/javascript; charset=utf-8",
            VIEWER_JS.as_bytes(),
        ),
        "/viewer.css" => respond(
            stream,
            req.head_len,
            200,
            "text/css; charset=utf-8",
            VIEWER_CSS.as_bytes(),
        ),
        "/sources" => {
            let list: Vec<_> = sources
                .iter()
                .enumerate()
                .map(|(i, s)| json!({"id": i, "name": s.name}))
                .collect();
            let body = json!({ "sources": list }).to_string();
            respond(
                stream,
                req.head_len,
                200,
                "application/json",
                body.as_bytes(),
            )
        }
        "/ws" if req.upgrade_websocket => {
            let source = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("src="))
                .unwrap_or("0")
                .parse::<usize>()
                .ok()
                .and_then(|i| sources.get(i));
            match source {
                Some(source) => serve_viewer(stream, source),
                None => respond(stream, req.head_len, 404, "text/plain", b"no such source\n"),
            }
        }
        _ => respond(stream, req.head_len, 404, "text/plain", b"not found\n"),
    }
}

/// Only pages this server served may open its WebSocket: a request carrying an Origin must
/// name the host it was sent to (a page of another site cannot drive the VM).
fn same_origin(req: &Request) -> bool {
    match (&req.origin, &req.host) {
        (None, _) => true,
        (Some(origin), Some(host)) => {
            origin
                .strip_prefix("http://")
                .map(|o| o.trim_end_matches('/'))
                == Some(host.as_str())
        }
        (Some(_), None) => false,
    }
}

fn respond(
    mut stream: TcpStream,
    head_len: usize,
    status: u16,
    content_type: &str,
    body: &[u8],
) -> io::Result<()> {
    let mut head = vec![0u8; head_len];
    stream.read_exact(&mut head)?;
    let reason = match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        _ => "Method Not Allowed",
    };
    let header = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

/// A viewer's WebSocket: forwards the hub's messages, hands over its commands.
fn serve_viewer(stream: TcpStream, source: &Source) -> io::Result<()> {
    let mut config = WebSocketConfig::default();
    config.max_message_size = Some(MAX_COMMAND_BYTES * 4);
    config.max_frame_size = Some(MAX_COMMAND_BYTES * 4);
    let mut ws = tungstenite::accept_with_config(stream, Some(config))
        .map_err(|e| io::Error::other(e.to_string()))?;
    ws.get_mut().set_read_timeout(Some(POLL))?;
    let hub = &source.hub;
    let (id, queue) = hub.connect();
    let result = (|| -> Result<(), tungstenite::Error> {
        loop {
            match ws.read() {
                Ok(Message::Text(text)) => match parse_command(text.as_str()) {
                    Ok(Command::Disconnect) => {
                        let _ = ws.close(None);
                        return Ok(());
                    }
                    Ok(cmd) => {
                        if let Err(e) = hub.command(id, cmd) {
                            ws.send(error_message(&e))?;
                        }
                    }
                    Err(e) => ws.send(error_message(&e))?,
                },
                Ok(Message::Binary(_)) => {
                    ws.send(error_message("commands are JSON text, not binary"))?
                }
                Ok(Message::Close(_)) => return Ok(()),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => return Err(e),
            }
            let messages = queue.drain();
            let count = messages.len();
            for msg in messages {
                let m = match msg {
                    Outgoing::Text(t) => Message::text(t.to_string()),
                    Outgoing::Frame(f) => Message::binary((*f).clone()),
                };
                ws.write(m)?;
            }
            if count > 0 {
                ws.flush()?;
                queue.delivered(count);
            }
        }
    })();
    hub.disconnect(id);
    result.map_err(|e| io::Error::other(e.to_string()))
}

fn error_message(text: &str) -> Message {
    Message::text(json!({"type": "error", "message": text}).to_string())
}
