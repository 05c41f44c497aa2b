import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Debian's PulseAudio on a private runtime folder, with one null sink, for tests and
/// benchmarks that need a real sound server: start it, kill it mid-sentence, start it again.
/// Clients reach it through ``environment``. Always call `tearDown()` (tests use `defer`).
///
/// ```swift
/// let pulse = try PulseAudioFixture()
/// defer { pulse.tearDown() }
/// process.environment = ProcessInfo.processInfo.environment.merging(pulse.environment) { $1 }
/// ```
public final class PulseAudioFixture {
    public static let binary = "/usr/bin/pulseaudio"
    public static let pactl = "/usr/bin/pactl"
    /// Plays raw PCM to the server (pulseaudio-utils, as `pactl`).
    public static let pacat = "/usr/bin/pacat"
    /// The null sink's name; its monitor source is `sink + ".monitor"`.
    public static let sink = "earshot_null"
    /// The source that records what the null sink plays.
    public static let monitor = sink + ".monitor"

    public let directory: TemporaryDirectory
    private var process: ChildProcess?
    /// Silent streams started by ``holdLatency(milliseconds:)``.
    private var holders: [ChildProcess] = []

    /// Whether the null sink may rewind: re-render what it has already rendered ahead when a
    /// stream starts. A rewind writes the same stretch of time to the monitor twice, so a
    /// recording of the monitor no longer keeps time; a latency measurement turns them off.
    public let rewinds: Bool

    /// Whether the server's log (``log``) names each client and stream (`--log-level=info`).
    public let logsClients: Bool

    /// Starts the server; `rewinds: false` loads the null sink with `norewinds=1`;
    /// `logsClients` logs each connection and stream.
    public init(rewinds: Bool = true, logsClients: Bool = false) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary),
            FileManager.default.isExecutableFile(atPath: Self.pactl)
        else {
            throw Failure.notInstalled(
                "pulseaudio", lookedFor: "\(Self.binary) and \(Self.pactl)",
                install: "apt-get install -y pulseaudio pulseaudio-utils")
        }
        self.rewinds = rewinds
        self.logsClients = logsClients
        directory = try TemporaryDirectory()
        try start()
    }

    public var socketPath: String { directory.path + "/pulse/native" }

    /// What a client needs to find this server and no other.
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": directory.path, "PULSE_SERVER": "unix:" + socketPath]
    }

    /// Starts the server (again) and waits until it answers.
    public func start() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["HOME"] = directory.path
        environment.removeValue(forKey: "PULSE_SERVER")
        environment.removeValue(forKey: "DISPLAY")
        let process = try ChildProcess(
            Self.binary,
            [
                "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
                "--log-target=file:\(directory.path)/pulse.log", "--log-level=\(logsClients ? "info" : "notice")",
                "-L", "module-native-protocol-unix auth-anonymous=1",
                "-L", "module-null-sink sink_name=\(Self.sink) rate=48000" + (rewinds ? "" : " norewinds=1"),
            ],
            environment: environment)
        self.process = process
        // Generous: a loaded 2-core machine can take long to start it.
        var answers = false
        waitBlocking(timeout: .seconds(60), every: .milliseconds(50)) {
            answers = (try? pactl(["info"]))?.contains("Server String") == true
            return answers || !process.isRunning
        }
        if answers { return }
        stop()
        let log = (try? String(contentsOfFile: directory.path + "/pulse.log", encoding: .utf8)) ?? ""
        throw Failure("pulseaudio did not start. Log:\n\(log.suffix(2000))")
    }

    /// The server's log so far (with ``logsClients``, a line per connection and per stream).
    public var log: String {
        guard let data = FileManager.default.contents(atPath: directory.path + "/pulse.log") else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Holds the null sink at `milliseconds` of latency with a silent stream that asks for it,
    /// as a desktop's sound theme or a call does to a real sink: a null sink runs at the lowest
    /// latency any of its streams asks for (else at the server's default, tens of ms). Returns
    /// once the stream plays; it is stopped with the server.
    ///
    /// ```swift
    /// try pulse.holdLatency(milliseconds: 5)
    /// ```
    public func holdLatency(milliseconds: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.pacat) else {
            throw Failure(
                "pacat is not installed (looked for \(Self.pacat)). Install it with: apt-get install -y pulseaudio-utils"
            )
        }
        let before = playbackStreams()
        let holder = try ChildProcess(
            Self.pacat,
            [
                "--playback", "--device=\(Self.sink)", "--raw", "--format=s16le", "--rate=48000", "--channels=1",
                "--latency-msec=\(milliseconds)", "--client-name=earshot-latency-hold", "/dev/zero",
            ],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        holders.append(holder)
        var playing = false
        waitBlocking(timeout: .seconds(30), every: .milliseconds(20)) {
            playing = playbackStreams() > before
            return playing || !holder.isRunning
        }
        if playing { return }
        throw Failure("pacat did not start a silent \(milliseconds) ms stream on \(Self.sink)")
    }

    /// The null sink's latency now, in microseconds, as `pactl list sinks` reports it.
    public func sinkLatencyMicroseconds() -> Int? {
        guard let listing = try? pactl(["list", "sinks"]) else { return nil }
        guard
            let line = listing.split(separator: "\n").first(where: {
                $0.contains("Latency:") && $0.contains("configured")
            })
        else { return nil }
        // "Latency: 861 usec, configured 1250 usec"
        guard let configured = line.split(separator: ",").last?.split(separator: " ").dropFirst().first else {
            return nil
        }
        return Int(configured)
    }

    /// How many playback streams the server has now (a client that holds audio open has one).
    public func playbackStreams() -> Int {
        guard let listing = try? pactl(["list", "short", "sink-inputs"]) else { return 0 }
        return listing.split(separator: "\n").count
    }

    /// Runs `pactl` against this server and returns what it printed.
    public func pactl(_ arguments: [String]) throws -> String {
        try ChildProcess.run(
            Self.pactl, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    /// Kills the server with SIGKILL (a crash), as a sound server dies under a user.
    public func kill() {
        for holder in holders { holder.terminate() }
        holders.removeAll()
        process?.signal(SIGKILL)
        process?.wait()
        process = nil
    }

    /// Terminates the server (and any silent streams) and waits for it.
    public func stop() {
        for holder in holders { holder.terminate() }
        holders.removeAll()
        process?.terminate()
        process = nil
    }

    /// Stops the server and removes its folder.
    public func tearDown() {
        stop()
        directory.remove()
    }
}
