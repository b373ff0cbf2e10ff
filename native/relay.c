// haltkey-relay: what an MCP client starts when `haltkey init` found a C compiler at build time.
// It copies the client's stdin to the daemon's MCP socket and the socket to stdout, byte for byte.
// It reads nothing and decides nothing: the daemon speaks MCP on that socket, one session per
// connection (src/mcp/socket-session.ts), with the same code `haltkey mcp` runs. What it saves is a
// Node process per client (about 45 MB) and that process's work on every message.
//
// The daemon's first line on a connection is the session it opened for this client (its id and
// credential, as the Node shim keeps them). The relay keeps that line in memory, unread and unsent.
// After it the daemon sends MCP, and lines for the relay alone, which it takes out of the stream
// (an MCP message starts with "{", these with "#"): "#+ID" when the request with JSON-RPC id ID
// starts to wait on the daemon, "#-ID" just after its answer. The relay copies ID as the daemon
// wrote it (JSON, one line) and parses nothing.
//
// When no daemon listens, the relay starts `haltkey serve` itself when its arguments are the plain
// ones `haltkey init` writes (start_daemon_directly), detached as the shim would, and waits for its
// ready line: no Node process before the daemon's own. Otherwise, or when that daemon does not come
// up, it runs `haltkey mcp --start-only` and waits for it: the Node shim's own code starts the daemon
// (or finds the daemon another client just started) and exits, reading nothing of the client's
// stdin and writing nothing on its stdout. Then the relay connects.
// If that fails, the relay becomes `haltkey mcp` (execv, same stdin and stdout), which tries again
// and says on the next call why it cannot.
//
// When the daemon goes away while the client is still there, the relay first answers every request
// still waiting on it with a JSON-RPC error, so the client is told at once and does not act; then it
// becomes `haltkey mcp --session-fd N`, N a socket holding the session line: the shim resumes the same
// session on the daemon that comes back, so a block bound to the session still holds whatever name
// the agent then uses. Either way the client gets its answers from haltkey and never a
// `continue: true` it did not earn.
//
//   usage: haltkey-relay MCP_SOCKET SHIM_COMMAND...
//   e.g.   haltkey-relay ~/.local/state/haltkey/mcp.sock /usr/bin/node /opt/haltkey/dist/src/cli/main.js mcp
//
// It exits when its client goes away: stdin ends, stdout breaks, or its parent process is gone
// (checked every second, as `haltkey mcp` checks).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

enum { BUFFER_BYTES = 64 * 1024, SESSION_BYTES = 512, MAX_SHIM_ARGS = 64, SESSION_WAIT_MS = 10000, PARENT_CHECK_MS = 1000, START_WAIT_MS = 15000 };
/** A waiting request's id as JSON, at most this long (longer ones are not tracked), and how many are. */
enum { ID_BYTES = 256, MAX_WAITING = 256, CONTROL_BYTES = ID_BYTES + 1 };

static int write_all(int fd, const char *buf, size_t len);

/** The ids of the requests waiting on the daemon (length 0: a free slot). */
static char waiting[MAX_WAITING][ID_BYTES];
static size_t waiting_len[MAX_WAITING];

/** Where the daemon's stream stands: at a line's start, inside an MCP line, or inside a control line. */
static enum { LINE_START, IN_MESSAGE, IN_CONTROL } daemon_at = LINE_START;
static char control[CONTROL_BYTES];
static size_t control_len;
static int control_too_long;

/** One control line, without its "#" and newline: "+ID" or "-ID". Anything else is ignored. */
static void on_control(const char *line, size_t len) {
  if (len < 2 || len - 1 > ID_BYTES) return;
  const char *id = line + 1;
  size_t n = len - 1;
  for (int i = 0; i < MAX_WAITING; i++) {
    if (line[0] == '+' && waiting_len[i] == 0) {
      memcpy(waiting[i], id, n);
      waiting_len[i] = n;
      return;
    }
    if (line[0] == '-' && waiting_len[i] == n && memcmp(waiting[i], id, n) == 0) {
      waiting_len[i] = 0;
      return;
    }
  }
}

/** Copies the daemon's bytes to stdout, taking its control lines out; 0, or -1 when stdout broke. */
static int from_daemon(const char *buf, size_t n) {
  size_t i = 0;
  while (i < n) {
    if (daemon_at == LINE_START && buf[i] == '#') {
      daemon_at = IN_CONTROL;
      control_len = 0;
      control_too_long = 0;
      i++;
      continue;
    }
    const char *nl = memchr(buf + i, '\n', n - i);
    size_t part = nl != NULL ? (size_t)(nl - (buf + i)) : n - i;
    if (daemon_at == IN_CONTROL) {
      if (control_len + part <= CONTROL_BYTES) {
        memcpy(control + control_len, buf + i, part);
        control_len += part;
      } else {
        control_too_long = 1;
      }
      if (nl != NULL && !control_too_long) on_control(control, control_len);
      i += part + (nl != NULL);
    } else {
      if (write_all(STDOUT_FILENO, buf + i, part + (nl != NULL)) != 0) return -1;
      i += part + (nl != NULL);
    }
    daemon_at = nl != NULL ? LINE_START : daemon_at == IN_CONTROL ? IN_CONTROL : IN_MESSAGE;
  }
  return 0;
}

/** The daemon went away: each request still waiting on it gets a JSON-RPC error, so the client does not act on it. */
static void answer_waiting(void) {
  // An answer cut off mid-line: end it, so what follows is read as lines of their own.
  if (daemon_at == IN_MESSAGE && write_all(STDOUT_FILENO, "\n", 1) != 0) return;
  daemon_at = LINE_START;
  static char line[ID_BYTES + 256];
  for (int i = 0; i < MAX_WAITING; i++) {
    if (waiting_len[i] == 0) continue;
    int n = snprintf(line, sizeof line,
                     "{\"jsonrpc\":\"2.0\",\"id\":%.*s,\"error\":{\"code\":-32603,\"message\":\"the haltkey daemon went away before answering; failing closed: do not act on this call. Report it again.\"}}\n",
                     (int)waiting_len[i], waiting[i]);
    waiting_len[i] = 0;
    if (n <= 0 || (size_t)n >= sizeof line || write_all(STDOUT_FILENO, line, (size_t)n) != 0) return;
  }
}

/** Replaces this process with the Node shim; returns only if that cannot run. */
static int become_shim(char **shim) {
  execv(shim[0], shim);
  fprintf(stderr, "haltkey-relay: cannot run %s: %s\n", shim[0], strerror(errno));
  return 127;
}

/** The shim's command with one more argument; NULL when it has too many. */
static char **shim_with(char **shim, char **argv, const char *extra, const char *value) {
  int n = 0;
  while (shim[n] != NULL) {
    if (n == MAX_SHIM_ARGS) return NULL;
    argv[n] = shim[n];
    n++;
  }
  argv[n++] = (char *)extra;
  if (value != NULL) argv[n++] = (char *)value;
  argv[n] = NULL;
  return argv;
}

/**
 * Closes every descriptor from `first` up: what the relay starts (the daemon, or `haltkey mcp
 * --start-only` and the daemon it starts) outlives the client, so it must not keep whatever the
 * client let the relay inherit (a pipe it waits on to see EOF, a socket, a file).
 */
static void close_from(int first) {
#ifdef SYS_close_range
  if (syscall(SYS_close_range, (unsigned)first, ~0u, 0u) == 0) return;
#endif
  long max = sysconf(_SC_OPEN_MAX);
  if (max < 0) max = 65536;
  for (long fd = first; fd < max; fd++) close((int)fd);
}

/**
 * Runs `SHIM... --start-only` and waits: the shim starting the daemon, then exiting. Its stdin is
 * /dev/null and its stdout our stderr, so it takes nothing from the client and says nothing to it.
 * Whether it exited 0 (a daemon now listens).
 */
static int start_daemon(char **shim) {
  char *argv[MAX_SHIM_ARGS + 3];
  if (shim_with(shim, argv, "--start-only", NULL) == NULL) return 0;
  pid_t pid = fork();
  if (pid < 0) return 0;
  if (pid == 0) {
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) _exit(127);
    close_from(3);
    execv(argv[0], argv);
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 0;
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/** Whether the shim's options after `mcp` are ones `serve` takes the same way: --simulate, --single-tool, --policy ABSOLUTE. */
static int options_serve_takes(char **options) {
  for (int i = 0; options[i] != NULL; i++) {
    if (strcmp(options[i], "--simulate") == 0 || strcmp(options[i], "--single-tool") == 0) continue;
    if (strcmp(options[i], "--policy") == 0 && options[i + 1] != NULL && options[i + 1][0] == '/') {
      i++;
      continue;
    }
    return 0;
  }
  return 1;
}


/**
 * Starts the daemon itself, as `haltkey mcp` would (src/mcp/stdio-daemon.ts startDaemon), without
 * a Node process of its own first: about 60 to 100 ms of a cold start. Only in the plain case init
 * writes: SHIM is `NODE CLI mcp` with options `serve` takes the same way, HALTKEY_HOME is absolute
 * and the socket is its mcp.sock. Anything else, or a daemon that does not say it listens, returns
 * 0 and the relay goes the long way (--start-only, then the shim), which says why a start fails.
 *
 * The daemon is detached as the shim detaches it (its own session, cwd HALTKEY_HOME, stdin
 * /dev/null, output to haltkey.log, two malloc arenas unless set) and, through a child that exits at
 * once, not this relay's child: it outlives the client. It says it listens with a line on fd 3.
 */
static int start_daemon_directly(const char *mcp_socket, char **shim) {
  const char *home = getenv("HALTKEY_HOME");
  if (home == NULL || home[0] != '/' || shim[0] == NULL || shim[1] == NULL || shim[2] == NULL || strcmp(shim[2], "mcp") != 0 || !options_serve_takes(shim + 3)) return 0;
  size_t home_len = strlen(home);
  while (home_len > 1 && home[home_len - 1] == '/') home_len--;
  static const char sock_name[] = "/mcp.sock";
  if (strlen(mcp_socket) != home_len + strlen(sock_name) || strncmp(mcp_socket, home, home_len) != 0 || strcmp(mcp_socket + home_len, sock_name) != 0) return 0;
  static char dir[4096], log_path[4096 + 16];
  if (home_len >= sizeof dir) return 0;
  memcpy(dir, home, home_len);
  dir[home_len] = '\0';
  snprintf(log_path, sizeof log_path, "%s/haltkey.log", dir);
  char *argv[MAX_SHIM_ARGS + 6];
  int n = 0;
  argv[n++] = shim[0];
  argv[n++] = shim[1];
  argv[n++] = "serve";
  argv[n++] = "--ready-fd";
  argv[n++] = "3";
  for (int i = 3; shim[i] != NULL; i++) {
    if (n == MAX_SHIM_ARGS + 5) return 0;
    argv[n++] = shim[i];
  }
  argv[n] = NULL;
  if (mkdir(dir, 0700) != 0 && errno != EEXIST) return 0;
  int log = open(log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (log < 0) return 0;
  int ready[2];
  if (pipe(ready) != 0) {
    close(log);
    return 0;
  }
  fcntl(ready[0], F_SETFD, FD_CLOEXEC);
  fcntl(ready[1], F_SETFD, FD_CLOEXEC);
  pid_t pid = fork();
  if (pid == 0) {
    if (setsid() < 0 || fork() != 0) _exit(0);
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || chdir(dir) != 0 || dup2(null, STDIN_FILENO) < 0 || dup2(log, STDOUT_FILENO) < 0 || dup2(log, STDERR_FILENO) < 0 || dup2(ready[1], 3) < 0) _exit(127);
    // (If the pipe already was fd 3, dup2 left its close-on-exec flag: clear it, or the daemon never sees it.)
    if (ready[1] == 3) fcntl(3, F_SETFD, 0);
    close_from(4);
    setenv("MALLOC_ARENA_MAX", "2", 0);
    execv(argv[0], argv);
    _exit(127);
  }
  close(log);
  close(ready[1]);
  int status;
  while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  // "ready\n" (src/daemon/ready-line.ts), then the daemon closes the pipe; or it closes it, or exits, without.
  char said[16];
  size_t have = 0;
  int listening = 0;
  while (pid > 0 && have < sizeof said) {
    struct pollfd p = {.fd = ready[0], .events = POLLIN};
    int r = poll(&p, 1, START_WAIT_MS);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    ssize_t got = read(ready[0], said + have, sizeof said - have);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    have += (size_t)got;
    if (have >= 6 && memcmp(said, "ready\n", 6) == 0) {
      listening = 1;
      break;
    }
  }
  close(ready[0]);
  return listening;
}

/**
 * Replaces this process with the Node shim resuming `session` (the daemon's first line): the line
 * goes through a socket pair the shim reads once (--session-fd), never through its arguments or
 * environment. A socket, not a pipe: another process of the same user can open a pipe through
 * /proc/PID/fd/N and drain it before the shim reads it, but not a socket (ENXIO).
 */
static int become_shim_in_session(char **shim, const char *session, size_t len) {
  int p[2];
  char fd[16];
  char *argv[MAX_SHIM_ARGS + 3];
  // The line fits in the socket's buffer (SESSION_BYTES), so this write does not wait for a reader.
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, p) != 0) return become_shim(shim);
  if (write(p[1], session, len) != (ssize_t)len) {
    close(p[0]);
    close(p[1]);
    return become_shim(shim);
  }
  close(p[1]);
  snprintf(fd, sizeof fd, "%d", p[0]);
  if (shim_with(shim, argv, "--session-fd", fd) == NULL) return become_shim(shim);
  return become_shim(argv);
}

/**
 * Reads the daemon's first line (the session) into `session`; its length with the newline, or 0
 * when the daemon closed, sent no line that fits, or sent none within SESSION_WAIT_MS. Bytes after
 * it are written to stdout.
 */
static size_t read_session(int sock, char *session) {
  size_t have = 0;
  while (have < SESSION_BYTES) {
    struct pollfd p = {.fd = sock, .events = POLLIN};
    int ready = poll(&p, 1, SESSION_WAIT_MS);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return 0;
    ssize_t n = read(sock, session + have, SESSION_BYTES - have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    char *nl = memchr(session + have, '\n', (size_t)n);
    have += (size_t)n;
    if (nl != NULL) {
      size_t line = (size_t)(nl - session) + 1;
      if (have > line && from_daemon(session + line, have - line) != 0) exit(0);
      return line;
    }
  }
  return 0;
}

/** A connected stream socket to `path`, or -1 with errno set. */
static int connect_to(const char *path) {
  struct sockaddr_un addr;
  memset(&addr, 0, sizeof addr);
  addr.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof addr.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  strcpy(addr.sun_path, path);
#ifdef SOCK_CLOEXEC
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
#else
  int fd = socket(AF_UNIX, SOCK_STREAM, 0); // (macOS: no SOCK_CLOEXEC; set below)
#endif
  if (fd < 0) return -1;
  // Not inherited by the shim this process may become, nor by --start-only.
  fcntl(fd, F_SETFD, FD_CLOEXEC);
  while (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
    if (errno == EINTR) continue;
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

/** Writes all of buf to fd, waiting when fd is non-blocking and full; 0, or -1 on a broken fd. */
static int write_all(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, buf, len);
    if (n > 0) {
      buf += n;
      len -= (size_t)n;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      struct pollfd p = {.fd = fd, .events = POLLOUT};
      if (poll(&p, 1, -1) < 0 && errno != EINTR) return -1;
    } else {
      return -1;
    }
  }
  return 0;
}

/** One read of fd: bytes read, 0 at its end, -1 on an error; EINTR and EAGAIN read again later (-2). */
static ssize_t read_some(int fd, char *buf) {
  ssize_t n = read(fd, buf, BUFFER_BYTES);
  if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) return -2;
  return n;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: haltkey-relay MCP_SOCKET SHIM_COMMAND...\n");
    return 2;
  }
  char **shim = argv + 2;
  // A write to a closed pipe or socket is an error to handle, not a signal that kills.
  signal(SIGPIPE, SIG_IGN);
  // Standard streams the client left closed are /dev/null, so no socket or pipe opened below takes
  // their numbers (a daemon socket on fd 1 would be written its own answers).
  for (int fd = 0; fd <= 2; fd++) {
    if (fcntl(fd, F_GETFD) < 0 && errno == EBADF && open("/dev/null", O_RDWR) != fd) return 1;
  }
  // The client killed: go with it, even when something else still holds our stdin open. Checked
  // every PARENT_CHECK_MS (not PR_SET_PDEATHSIG, which fires when the client's spawning thread
  // ends, not the client).
  pid_t parent = getppid();
  int sock = connect_to(argv[1]);
  if (sock < 0 && start_daemon_directly(argv[1], shim)) sock = connect_to(argv[1]);
  if (sock < 0 && start_daemon(shim)) sock = connect_to(argv[1]);
  if (sock < 0) return become_shim(shim);
  static char session[SESSION_BYTES];
  size_t session_len = read_session(sock, session);
  if (session_len == 0) {
    // A daemon that opened no session for us: the shim says hello itself, and why it fails.
    close(sock);
    return become_shim(shim);
  }

  static char buf[BUFFER_BYTES];
  struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = sock, .events = POLLIN}};
  for (;;) {
    int ready = poll(fds, 2, PARENT_CHECK_MS);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    if (getppid() != parent) return 0;
    if (ready == 0) continue;
    // The daemon's answers first, so nothing it sent is lost if stdin has just ended.
    if (fds[1].revents) {
      ssize_t n = read_some(sock, buf);
      if (n > 0) {
        if (from_daemon(buf, (size_t)n) != 0) return 0; // the client is gone
      } else if (n == 0 || n == -1) {
        // The daemon went away while the client is still here: what waited on it is refused, and
        // the Node shim takes over the session.
        close(sock);
        answer_waiting();
        return become_shim_in_session(shim, session, session_len);
      }
    }
    if (fds[0].revents) {
      ssize_t n = read_some(STDIN_FILENO, buf);
      if (n == 0 || n == -1) return 0; // stdin ended: the client is done
      if (n > 0 && write_all(sock, buf, (size_t)n) != 0) {
        close(sock);
        answer_waiting();
        return become_shim_in_session(shim, session, session_len);
      }
    }
  }
}
