import { useEffect, useRef } from 'react';
import classes from './LevelMeter.module.css';

/**
 * A live bar of how loud the microphone hears it (Web Audio AnalyserNode, the signal's RMS), so the
 * technician sees it hears them. Drawn by writing the bar's width at each frame, never by rendering.
 */
export function LevelMeter({ stream, label }: { stream: MediaStream | null; label: string }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!stream || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const draw = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      // Speech sits around 0.05–0.3 RMS: scaled so a normal voice fills most of the bar.
      const level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      if (bar.current) bar.current.style.width = `${Math.round(level * 100)}%`;
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      void context.close();
    };
  }, [stream]);
  return (
    <div className={classes.meter} role="img" aria-label={label} data-testid="level-meter">
      <div ref={bar} className={classes.level} data-testid="level-meter-bar" />
    </div>
  );
}
