/// What a listener tells voices apart by, measured from their PCM: the pitch of the voiced
/// stretches and the length. Used to check that the voices of ``SpeakerVoice`` differ, by the
/// tests and by `earshot-bench voices`.
///
/// The pitch is the median, over 40 ms frames every 10 ms, of the lag that best repeats each
/// voiced frame (normalised autocorrelation above 0.5, for 60 to 400 Hz); the median rides over
/// the octave slips a frame can make.
///
/// ```swift
/// let pitch = PitchMeasure(samples: pcm, sampleRate: 22050).medianHertz
/// ```
public struct PitchMeasure: Sendable, Hashable {
    /// The median pitch of the voiced frames, in Hz; nil when none was voiced.
    public let medianHertz: Double?
    /// How many frames were voiced, of how many had sound.
    public let voicedFrames: Int
    public let soundingFrames: Int
    /// The length, in seconds.
    public let seconds: Double

    public init(samples: [Int16], sampleRate: Int) {
        seconds = Double(samples.count) / Double(max(sampleRate, 1))
        // Every other sample: half the work, and still four samples a period at 400 Hz.
        let rate = Double(sampleRate) / 2
        var signal = [Double](repeating: 0, count: samples.count / 2)
        for index in signal.indices {
            signal[index] = (Double(samples[2 * index]) + Double(samples[2 * index + 1])) / 2
        }
        let frame = Int(rate * 0.04)
        let hop = Int(rate * 0.01)
        let shortest = Int(rate / 400)
        let longest = Int(rate / 60)
        var pitches: [Double] = []
        var sounding = 0
        var start = 0
        while start + frame + longest <= signal.count {
            var energy = 0.0
            for index in start..<(start + frame) { energy += signal[index] * signal[index] }
            // Below about -45 dBFS: a pause, not a sound.
            if energy / Double(frame) > 1000 * 1000 / 32 {
                sounding += 1
                var best = 0.0
                var bestLag = 0
                for lag in shortest...longest {
                    var product = 0.0
                    var lagged = 0.0
                    for index in start..<(start + frame) {
                        product += signal[index] * signal[index + lag]
                        lagged += signal[index + lag] * signal[index + lag]
                    }
                    let correlation = product / max((energy * lagged).squareRoot(), 1)
                    if correlation > best {
                        best = correlation
                        bestLag = lag
                    }
                }
                if best > 0.5, bestLag > 0 { pitches.append(rate / Double(bestLag)) }
            }
            start += hop
        }
        pitches.sort()
        medianHertz = pitches.isEmpty ? nil : pitches[pitches.count / 2]
        voicedFrames = pitches.count
        soundingFrames = sounding
    }
}
