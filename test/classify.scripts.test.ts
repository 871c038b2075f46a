import { describe, expect, it } from 'vitest';
import type { ModelPage } from '../src/pipeline/model/types.ts';
import { classifyPages } from '../src/pipeline/classify/mod.ts';

/**
 * Pages in scripts other than the Latin alphabet, as the OCR stage hands them to classification (lines, no
 * layout blocks). CJK text has no spaces and Korean, Arabic and Russian attach particles, articles and endings
 * to words, so the class phrases of these scripts must be found inside words.
 */
function ocrPage(index: number, lines: string[]): ModelPage {
  const modelLines = lines.map((text, i) => ({
    id: `p${index}_l${i}`,
    text,
    bbox: [60, 60 + i * 40, 740, 90 + i * 40] as [number, number, number, number],
    words: [],
    font: { name: 'ocr', size: 24, bold: false, italic: false, monospace: false },
    dir: 'ltr' as const,
    rotation: 0,
    source: 'ocr' as const,
  }));
  return {
    page_index: index,
    width: 800,
    height: 1100,
    rotation: 0,
    lines: modelLines,
    blocks: [],
    paths: [],
    images: [],
    textLayer: 'none',
    needsOcr: true,
    ocr: { mode: 'regular', rotation: 0, rotationConfidence: 1, skewDegrees: 0, confidence: 0.9, medianLineHeight: 30 },
  };
}

const CHINESE_FAPIAO = [
  '增值税普通发票',
  '发票代码 044031900111 发票号码 08812345',
  '开票日期 2024年03月15日',
  '购买方 名称 深圳市星河科技有限公司',
  '货物或应税劳务名称 数量 单价 金额 税率 税额',
  '办公椅 2 600.00 1200.00 13% 156.00',
  '价税合计（大写）壹仟叁佰伍拾陆圆整（小写）¥1356.00',
];
const JAPANESE_CONTRACT = [
  '業務委託契約書',
  '株式会社山田商事（以下「甲」という）と株式会社佐藤工業（以下「乙」という）は、次のとおり業務委託契約を締結する。',
  '第1条（目的）甲は乙に対し、ソフトウェア開発業務を委託し、乙はこれを受託する。',
  '第2条（契約期間）本契約の有効期間は2024年4月1日から1年間とする。',
  '第3条（解除）甲又は乙が本契約に違反したときは、相手方は本契約を解除することができる。',
];
const KOREAN_REPORT = [
  '2023년 인구 통계 보고서',
  '본 보고서는 2023년 인구 및 가구 현황을 정리한 것이다.',
  '정부의 저출산 정책이 출생아 수에 미친 효과를 분석하였다.',
  '표 1. 시도별 인구 현황 (단위: 천 명)',
  '서울 9,386 부산 3,293 대구 2,363',
];
const ARABIC_INVOICE = [
  'فاتورة ضريبية',
  'رقم الفاتورة: 2024-118',
  'التاريخ: 15/03/2024',
  'الوصف الكمية السعر الإجمالي',
  'خدمات استشارية 1 1000.00 1000.00',
  'ضريبة القيمة المضافة 15%: 150.00',
  'المبلغ المستحق: 1150.00 ريال',
];
const RUSSIAN_CONTRACT = [
  'ДОГОВОР ПОСТАВКИ № 17',
  'г. Москва 15 марта 2024 г.',
  'ООО «Альфа», именуемое в дальнейшем «Поставщик», и ООО «Бета», именуемое в дальнейшем «Покупатель», заключили настоящий договор.',
  '1. Предмет договора',
  '1.1. Поставщик обязуется передать Покупателю товар в соответствии со спецификацией к договору.',
];
const KOREAN_STORY = [
  '봄이 오면 강가의 마을에서는 장이 열린다.',
  '농부들은 밀을 거두고 아이들은 강에서 물놀이를 한다.',
  '저녁에는 모두 모여 노래를 부른다.',
];

describe('classification of pages in other scripts', () => {
  const pages = [CHINESE_FAPIAO, JAPANESE_CONTRACT, KOREAN_REPORT, ARABIC_INVOICE, RUSSIAN_CONTRACT, KOREAN_STORY].map((lines, i) =>
    ocrPage(i, lines),
  );

  it('finds the class phrases inside words: a Chinese fapiao, a Japanese contract, a Korean report, an Arabic invoice, a Russian contract', () => {
    const result = classifyPages(pages, null);
    expect(result.map((r) => r.docClass)).toEqual(['invoice', 'contract', 'report', 'invoice', 'contract', 'other']);
    for (const r of result.slice(0, 5)) expect(r.confidence).toBeGreaterThan(MIN_CLASS_CONFIDENCE);
  });

  it('leaves Korean prose without class phrases as other, with a low confidence', () => {
    const [story] = classifyPages([pages[5]], null);
    expect(story.docClass).toBe('other');
    expect(story.confidence).toBeLessThanOrEqual(0.5);
  });

  it('scores caller classes written in Chinese: the label and character pairs of the description', () => {
    const classes = [
      { label: '发票', description: '增值税发票：列明购买方、货物名称、数量、金额、税率和价税合计。' },
      { label: '合同', description: '甲方与乙方签订的合同，约定双方的权利、义务和违约责任。' },
    ];
    const [fapiao] = classifyPages([pages[0]], classes);
    expect(fapiao.docClass).toBe('发票');
  });
});

/** Above the calibrated floor below which a page falls back to `other` (score.ts MIN_CONFIDENCE). */
const MIN_CLASS_CONFIDENCE = 0.3;
