/**
 * Indicative phrases of the built-in classes in languages written outside the Latin alphabet: Chinese (simplified
 * and traditional), Japanese, Korean, Arabic and Russian. The OCR recognizer reads Chinese and the text layer keeps
 * any script, so a Chinese fapiao or a Korean report should not fall to `other` for want of English words.
 *
 * These phrases are matched as substrings of the page text (score.ts), not as whole words: CJK text has no spaces,
 * Korean and Arabic attach particles and articles to words, Russian inflects them. Each phrase is therefore a
 * distinctive term, never a single common character.
 */
const CONTRACT_SCRIPT_PHRASES = [
  '合同', '合約', '甲方', '乙方', '契約書', '契約', '당사자', '계약서', '계약', 'عقد', 'الطرف الأول', 'الطرف الثاني', 'договор', 'в дальнейшем',
];

export const SCRIPT_PHRASES: Readonly<Record<string, readonly string[]>> = {
  invoice: [
    '发票', '發票', '增值税', '价税合计', '开票日期', '税额', '請求書', '請求金額', '御請求', '消費税', '송장', '청구서', '세금계산서',
    '공급가액', '부가세', 'فاتورة', 'ضريبة القيمة المضافة', 'المبلغ المستحق', 'счет-фактура', 'счёт-фактура', 'счет на оплату',
    'ндс', 'к оплате',
  ],
  receipt: ['收据', '收款收据', '領収書', '領収証', 'レシート', '영수증', 'إيصال', 'ايصال', 'кассовый чек', 'квитанция'],
  purchase_order: ['采购订单', '採購訂單', '订购单', '発注書', '注文書', '발주서', '구매주문서', 'أمر شراء', 'заказ поставщику', 'заказ на поставку'],
  delivery_note: ['送货单', '送貨單', '发货单', '納品書', '납품서', '거래명세서', 'إذن تسليم', 'مذكرة تسليم', 'товарная накладная', 'накладная'],
  bank_statement: ['对账单', '對帳單', '银行流水', '入出金明細', '取引明細書', '거래내역서', '입출금내역', 'كشف حساب', 'выписка по счету', 'выписка по счёту'],
  contract: CONTRACT_SCRIPT_PHRASES,
  nda_contract: [
    '保密协议', '保密協議', '保密信息', '秘密保持契約', '機密情報', '秘密情報', '비밀유지계약', '비밀유지', '기밀정보', 'عدم الإفصاح',
    'معلومات سرية', 'о неразглашении', 'конфиденциальн',
    // An NDA is a contract (taxonomy.ts): it holds the contract terms too.
    ...CONTRACT_SCRIPT_PHRASES,
  ],
  resume: ['简历', '簡歷', '工作经历', '教育背景', '履歴書', '職務経歴書', '이력서', '자기소개서', '학력', 'السيرة الذاتية', 'резюме', 'опыт работы'],
  letter: ['尊敬的', '此致', '敬礼', '拝啓', '敬具', '귀하', 'تحية طيبة', 'وتفضلوا بقبول', 'уважаемый', 'с уважением'],
  form: ['申请表', '申請表', '登记表', '申請書', '記入欄', '신청서', 'استمارة', 'نموذج طلب', 'заявление', 'анкета', 'бланк'],
  scientific_paper: [
    '参考文献', '參考文獻', '关键词', '關鍵詞', '引言', '要旨', 'キーワード', '초록', '참고문헌', '주제어', '선행연구', 'الكلمات المفتاحية',
    'المراجع', 'аннотация', 'ключевые слова', 'список литературы',
  ],
  report: [
    '报告', '報告', '统计', '統計', '政府', '国务院', '報告書', '白書', '보고서', '통계', '정책', '정부', '국회', '현황', 'تقرير', 'إحصاء',
    'الحكومة', 'وزارة', 'برنامج', 'отчет', 'отчёт', 'доклад', 'статистик', 'правительств',
  ],
  id_document: ['身份证', '居民身份证', '护照', '護照', '旅券', '運転免許証', '주민등록증', '여권', '운전면허증', 'جواز سفر', 'بطاقة الهوية', 'паспорт'],
  tax_form: ['纳税申报', '個人所得税', '个人所得税', '確定申告', '源泉徴収票', '종합소득세', '원천징수', '연말정산', 'إقرار ضريبي', 'налоговая декларация'],
  engineering_drawing: ['图纸', '圖紙', '図面', '도면', '축척', 'чертеж', 'чертёж'],
};
