/**
 * `npm run bench:transcriber`: how well and how cheaply the workers' voicemail transcriber works.
 * It speaks a few voicemail-like messages with espeak-ng, turns them into phone-line recordings
 * (8 kHz mono 16-bit WAV, what the carrier serves), hands each to the transcriber the environment
 * configures (TRANSCRIBER and the rest, as `npm run workers` reads them) and prints the seconds of
 * CPU per minute of audio and the word error rate. CPU is this process's (a transcriber that runs
 * in the workers runs here) plus, for an HTTP service on this machine, its processes given in
 * TRANSCRIPTION_SERVER_PIDS (comma-separated). BENCH_RUNS (default 1) repeats the whole set.
 * See docs/transcription.md.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readWavInfo } from "@poundline/carrier-sim";
import { createTranscriber, transcriberConfigFromEnv } from "@poundline/modules/jobs";
import { clockTicksPerSecond, procReadable, sampleProcesses } from "./cpu";
import { type CpuSample, cpuBetween, formatSummary, summarize } from "./stats";
import { normalizeWords, wordErrorRate, wordErrors } from "./wer";

/** What callers leave: names, numbers, times, a callback request. Voice: espeak-ng's. */
const MESSAGES: readonly { voice: string; text: string }[] = [
  {
    voice: "en-us",
    text: "Hi, this is Maria from Bright Smile Dental. I am calling to confirm your appointment tomorrow at ten in the morning. Please call us back if you need to reschedule.",
  },
  {
    voice: "en-us+f3",
    text: "Hello, my name is David Chen. I would like a quote for a new roof on a two story house. You can reach me at my office any time this week.",
  },
  {
    voice: "en-us",
    text: "This is a message for the billing department. I was charged twice for the same order last month. Please call me back as soon as possible.",
  },
  {
    voice: "en+m3",
    text: "Good afternoon. The package you ordered has arrived at our warehouse and is ready for pickup. We are open until six on weekdays.",
  },
  {
    voice: "en-us+f2",
    text: "Hey, it is Sarah. The meeting on Thursday has moved to three thirty. Let me know if that still works for you. Thanks, bye.",
  },
];

const PHONE_RATE = 8000;

/** A 16-bit mono PCM WAV of `samples` at `rate`. */
function pcmWav(samples: Int16Array, rate: number): Buffer {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(samples[i] as number, 44 + i * 2);
  return wav;
}

/**
 * espeak-ng's 16-bit mono WAV at the phone line's 8 kHz: a moving average as the low-pass filter
 * (about half the output rate wide), then linear interpolation.
 */
function toPhoneLine(wav: Uint8Array): Buffer {
  const info = readWavInfo(wav);
  if (info.channels !== 1 || info.bitsPerSample !== 16) throw new Error("expected 16-bit mono WAV");
  const buffer = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  const dataStart = buffer.indexOf("data", 12, "ascii") + 8;
  const count = Math.floor(info.dataBytes / 2);
  const input = new Float64Array(count);
  for (let i = 0; i < count; i++) input[i] = buffer.readInt16LE(dataStart + i * 2);
  const width = Math.max(1, Math.round(info.sampleRate / PHONE_RATE));
  const smooth = new Float64Array(count);
  let sum = 0;
  for (let i = 0; i < count; i++) {
    sum += input[i] as number;
    if (i >= width) sum -= input[i - width] as number;
    smooth[i] = sum / Math.min(i + 1, width);
  }
  const ratio = info.sampleRate / PHONE_RATE;
  const out = new Int16Array(Math.floor(count / ratio));
  for (let j = 0; j < out.length; j++) {
    const at = j * ratio;
    const i = Math.floor(at);
    const next = Math.min(i + 1, count - 1);
    const value = (smooth[i] as number) + ((smooth[next] as number) - (smooth[i] as number)) * (at - i);
    out[j] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return pcmWav(out, PHONE_RATE);
}

function espeakMissing(): boolean {
  return spawnSync("espeak-ng", ["--version"], { encoding: "utf8" }).status !== 0;
}

/** Speaks each message to a phone-line WAV in `dir`. */
async function makeRecordings(dir: string): Promise<{ text: string; wav: Buffer; seconds: number }[]> {
  const recordings = [];
  for (const [i, message] of MESSAGES.entries()) {
    const path = join(dir, `message-${i + 1}.wav`);
    const spoken = spawnSync("espeak-ng", ["-v", message.voice, "-s", "155", "-w", path, message.text], {
      encoding: "utf8",
    });
    if (spoken.status !== 0) throw new Error(`espeak-ng failed: ${spoken.stderr}`);
    const wav = toPhoneLine(await readFile(path));
    recordings.push({ text: message.text, wav, seconds: readWavInfo(wav).durationSeconds });
  }
  return recordings;
}

function serverPids(): number[] {
  return (process.env.TRANSCRIPTION_SERVER_PIDS ?? "")
    .split(",")
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p > 0);
}

/** CPU seconds so far of this process and the named server processes. */
function cpuNow(ticks: number, pids: number[]): CpuSample {
  const usage = process.cpuUsage();
  const servers = pids.length > 0 && procReadable() ? sampleProcesses(pids, ticks) : new Map();
  return new Map([...servers, [process.pid, (usage.user + usage.system) / 1e6]]);
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

async function main() {
  if (espeakMissing()) {
    console.error("espeak-ng is needed to make the recordings: apt-get install espeak-ng");
    process.exit(1);
  }
  const config = transcriberConfigFromEnv(process.env);
  if (config.provider === "carrier" || config.provider === "none") {
    console.error(
      `TRANSCRIBER=${config.provider} transcribes nothing in the workers: set TRANSCRIBER=http with ` +
        "TRANSCRIPTION_URL (an OpenAI-compatible API) to measure it. See docs/transcription.md.",
    );
    process.exit(1);
  }
  const transcriber = createTranscriber(config);
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
  const ticks = clockTicksPerSecond();
  const pids = serverPids();
  const dir = await mkdtemp(join(tmpdir(), "poundline-transcriber-bench-"));
  try {
    const recordings = await makeRecordings(dir);
    const audioSeconds = recordings.reduce((sum, r) => sum + r.seconds, 0);
    console.log(
      `Transcriber: ${config.provider} (${config.url}, model ${config.model}); ${recordings.length} recordings, ` +
        `${audioSeconds.toFixed(1)} s of 8 kHz audio; ${runs} run(s)` +
        (pids.length > 0 ? `; CPU of this process and pids ${pids.join(", ")}` : "; CPU of this process"),
    );
    const cpuPerMinute: number[] = [];
    const wallPerMinute: number[] = [];
    const rates: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const pairs: { reference: string; hypothesis: string }[] = [];
      let cpu = 0;
      let wall = 0;
      for (const [i, recording] of recordings.entries()) {
        const before = cpuNow(ticks, pids);
        const started = performance.now();
        const outcome = await transcriber.transcribe({
          filename: `message-${i + 1}.wav`,
          contentType: "audio/wav",
          read: async () => recording.wav,
        });
        const seconds = (performance.now() - started) / 1000;
        const spent = cpuBetween(before, cpuNow(ticks, pids)).seconds;
        cpu += spent;
        wall += seconds;
        const hypothesis = outcome.status === "completed" ? outcome.text : "";
        pairs.push({ reference: recording.text, hypothesis });
        const e = wordErrors(recording.text, hypothesis);
        const errors = e.substitutions + e.deletions + e.insertions;
        console.log(
          `  run ${run} message ${i + 1}: ${recording.seconds.toFixed(1)} s audio, ${seconds.toFixed(2)} s wall, ` +
            `${spent.toFixed(2)} s CPU, ${errors}/${e.referenceWords} words wrong` +
            (outcome.status === "completed"
              ? `: "${normalizeWords(hypothesis).join(" ")}"`
              : ` (${outcome.status}${outcome.status === "failed" ? `: ${outcome.error}` : ""})`),
        );
      }
      cpuPerMinute.push((cpu / audioSeconds) * 60);
      wallPerMinute.push((wall / audioSeconds) * 60);
      rates.push(wordErrorRate(pairs));
    }
    console.log(`CPU seconds per minute of audio: ${formatSummary(summarize(cpuPerMinute), 2)}`);
    console.log(`Wall seconds per minute of audio: ${formatSummary(summarize(wallPerMinute), 2)}`);
    console.log(`Word error rate: ${rates.map(percent).join(", ")}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
