import type { ModelRegistry } from '../models.ts';
import type { PpOcrOptions } from './ppocr/engine.ts';
import type { OcrEngine } from './types.ts';

/**
 * The engines' modules load on first use: onnxruntime-node and tesseract.js belong in the inference process, not
 * in every api and worker process that imports the inference module for its client.
 */
const createPpOcrEngine: typeof import('./ppocr/engine.ts').createPpOcrEngine = async (options) =>
  (await import('./ppocr/engine.ts')).createPpOcrEngine(options);
const createTesseractEngine: typeof import('./tesseract/engine.ts').createTesseractEngine = async (options) =>
  (await import('./tesseract/engine.ts')).createTesseractEngine(options);

/** A model slot OCR needs is not installed or failed its hash check (answered FAILED_PRECONDITION). */
export class OcrModelUnavailableError extends Error {
  constructor(detail: string) {
    super(`OCR models unavailable: ${detail}`);
    this.name = 'OcrModelUnavailableError';
  }
}

export interface EngineSettings {
  executionProviders: string[];
  threads: number;
  /** Recognizer threads of the server thread's PP-OCR engine (OCR lanes open their engines without). */
  recognizerThreads?: number;
}

const PPOCR_SLOTS = { det: 'ocr-det-ppocrv4', rec: 'ocr-rec-ppocrv4', cls: 'ocr-cls' } as const;

/**
 * The OCR engines of the inference process, opened on first use and then kept: PP-OCRv4 sessions from the
 * verified model slots of the manifest, Tesseract workers from the traineddata packages. A failed opening is
 * not cached: the next call tries again (a file may have been installed meanwhile).
 */
export class OcrEngines {
  private ppocr: Promise<OcrEngine> | null = null;
  private tesseract: Promise<OcrEngine> | null = null;
  private tesseractGlobal: Promise<OcrEngine> | null = null;

  constructor(
    private readonly registry: ModelRegistry,
    private readonly settings: EngineSettings,
  ) {}

  regular(): Promise<OcrEngine> {
    this.ppocr ??= this.openPpOcr().catch((err) => {
      this.ppocr = null;
      throw err;
    });
    return this.ppocr;
  }

  /** Tesseract with English (`auto`) or every installed language (`global`). */
  classic(language: 'auto' | 'global' = 'auto'): Promise<OcrEngine> {
    if (language === 'global') {
      this.tesseractGlobal ??= createTesseractEngine({ languages: installedTesseractLanguages() }).catch((err) => {
        this.tesseractGlobal = null;
        throw err;
      });
      return this.tesseractGlobal;
    }
    this.tesseract ??= createTesseractEngine({ languages: ['eng'] }).catch((err) => {
      this.tesseract = null;
      throw err;
    });
    return this.tesseract;
  }

  async close(): Promise<void> {
    const open = [this.ppocr, this.tesseract, this.tesseractGlobal].filter((e): e is Promise<OcrEngine> => e !== null);
    this.ppocr = this.tesseract = this.tesseractGlobal = null;
    await Promise.allSettled(open.map(async (e) => (await e).close()));
  }

  private async openPpOcr(): Promise<OcrEngine> {
    return createPpOcrEngine(await this.ppOcrOptions());
  }

  /** Where the PP-OCRv4 models are and how to open them; throws OcrModelUnavailableError when one is missing. */
  async ppOcrOptions(): Promise<PpOcrOptions> {
    const [det, rec, cls] = await Promise.all([PPOCR_SLOTS.det, PPOCR_SLOTS.rec, PPOCR_SLOTS.cls].map((id) => this.registry.get(id)));
    for (const [id, model] of [
      [PPOCR_SLOTS.det, det],
      [PPOCR_SLOTS.rec, rec],
      [PPOCR_SLOTS.cls, cls],
    ] as const) {
      if (!model) throw new OcrModelUnavailableError(`${id} is not in the manifest`);
      if (!model.available) throw new OcrModelUnavailableError(`${id}: ${model.status}`);
    }
    const dictionary = rec!.extras.dictionary;
    if (!dictionary) throw new OcrModelUnavailableError(`${PPOCR_SLOTS.rec} lists no dictionary`);
    return {
      detModel: det!.path,
      recModel: rec!.path,
      clsModel: cls!.path,
      dictionary,
      executionProviders: this.settings.executionProviders,
      intraOpThreads: this.settings.threads,
      recognitionThreads: this.settings.recognizerThreads ?? 0,
    };
  }
}

/** Tesseract languages shipped as @tesseract.js-data packages (only English is installed today). */
export function installedTesseractLanguages(): string[] {
  return ['eng'];
}
