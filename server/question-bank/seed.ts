/**
 * Demo content for the question bank: categories, questions in English, Hindi, Marathi and Tamil,
 * and resources. Questions come from hand-written conceptual questions plus worked-number templates
 * (profit, interest, discount, totals, savings, GST), so any number of them can be generated: the
 * demo takes the first 300, `seedManyQuestions` as many as a benchmark wants.
 */
import type { Language } from '../../src/shared/constants';
import type { Question, Resource } from '../../src/shared/schemas/question-bank';
import type { Db, Queryable } from '../db';

type QLang = 'English' | 'Hindi' | 'Marathi' | 'Tamil';
const QUESTION_LANGUAGES: readonly QLang[] = ['English', 'Hindi', 'Marathi', 'Tamil'];

export const DEMO_CATEGORIES = [
  'Business Basics',
  'Money & Savings',
  'Pricing & Profit',
  'Banking & Loans',
  'Marketing',
  'Customer Service',
  'Digital Payments',
  'Taxes & Compliance',
] as const;
type CategoryName = (typeof DEMO_CATEGORIES)[number];

export interface SeedQuestion {
  question: string;
  language: QLang;
  category: CategoryName;
  helpText: string;
  optionFormat: Question['optionFormat'];
  difficulty: Question['difficulty'];
  options: Question['options'];
}

type PerLanguage<T> = Record<QLang, T>;

// Conceptual questions: the correct options are listed first; the generator rotates them.
interface Conceptual {
  category: CategoryName;
  difficulty: Question['difficulty'];
  optionFormat?: Question['optionFormat'];
  /** How many of the first options are correct (default 1). */
  correct?: number;
  text: PerLanguage<{ q: string; help: string; options: string[] }>;
}

const CONCEPTUAL: Conceptual[] = [
  {
    category: 'Business Basics',
    difficulty: 'Easy',
    text: {
      English: {
        q: 'Which book records the money that comes into and goes out of a business every day?',
        help: 'A cash book lists every receipt and payment with its date.',
        options: ['Cash book', 'Attendance register', 'Visitor book', 'Telephone diary'],
      },
      Hindi: {
        q: 'व्यवसाय में रोज़ आने और जाने वाले पैसे का हिसाब किस बही में लिखा जाता है?',
        help: 'कैश बुक में हर आमदनी और हर खर्च तारीख के साथ लिखा जाता है।',
        options: ['रोकड़ बही (कैश बुक)', 'हाज़िरी रजिस्टर', 'आगंतुक रजिस्टर', 'टेलीफ़ोन डायरी'],
      },
      Marathi: {
        q: 'व्यवसायात दररोज येणाऱ्या आणि जाणाऱ्या पैशांची नोंद कोणत्या वहीत केली जाते?',
        help: 'कॅश बुकमध्ये प्रत्येक जमा आणि खर्च तारखेसह लिहिला जातो.',
        options: ['रोख वही (कॅश बुक)', 'हजेरी रजिस्टर', 'अभ्यागत नोंदवही', 'टेलिफोन डायरी'],
      },
      Tamil: {
        q: 'தொழிலில் ஒவ்வொரு நாளும் வரும் மற்றும் செல்லும் பணத்தை எந்தப் புத்தகத்தில் பதிவு செய்வார்கள்?',
        help: 'ரொக்கப் புத்தகத்தில் ஒவ்வொரு வரவும் செலவும் தேதியுடன் எழுதப்படும்.',
        options: ['ரொக்கப் புத்தகம் (கேஷ் புக்)', 'வருகைப் பதிவேடு', 'பார்வையாளர் பதிவேடு', 'தொலைபேசி நாட்குறிப்பு'],
      },
    },
  },
  {
    category: 'Banking & Loans',
    difficulty: 'Medium',
    text: {
      English: {
        q: 'What should you do before taking a business loan?',
        help: 'Look at the total cost of the loan, not only the monthly instalment.',
        options: [
          'Compare the interest rates and charges of several lenders',
          'Take the first loan that is offered',
          'Borrow more than you need, just in case',
          'Sign the papers without reading them',
        ],
      },
      Hindi: {
        q: 'व्यवसाय के लिए कर्ज़ लेने से पहले आपको क्या करना चाहिए?',
        help: 'केवल मासिक किस्त नहीं, कर्ज़ की कुल लागत देखें।',
        options: [
          'कई ऋणदाताओं की ब्याज दरों और शुल्कों की तुलना करें',
          'जो पहला कर्ज़ मिले, वही ले लें',
          'ज़रूरत से ज़्यादा कर्ज़ ले लें, काम आएगा',
          'काग़ज़ पढ़े बिना हस्ताक्षर कर दें',
        ],
      },
      Marathi: {
        q: 'व्यवसायासाठी कर्ज घेण्यापूर्वी तुम्ही काय करावे?',
        help: 'फक्त मासिक हप्ता नव्हे, तर कर्जाचा एकूण खर्च पाहा.',
        options: [
          'अनेक कर्जदात्यांचे व्याजदर आणि शुल्क यांची तुलना करावी',
          'पहिले मिळेल ते कर्ज घ्यावे',
          'गरजेपेक्षा जास्त कर्ज घ्यावे',
          'कागदपत्रे न वाचता सही करावी',
        ],
      },
      Tamil: {
        q: 'தொழில் கடன் வாங்குவதற்கு முன் நீங்கள் என்ன செய்ய வேண்டும்?',
        help: 'மாதத் தவணையை மட்டும் அல்ல, கடனின் மொத்தச் செலவையும் பாருங்கள்.',
        options: [
          'பல கடன் வழங்குநர்களின் வட்டி விகிதங்களையும் கட்டணங்களையும் ஒப்பிட வேண்டும்',
          'முதலில் கிடைக்கும் கடனை வாங்க வேண்டும்',
          'தேவைக்கு அதிகமாகக் கடன் வாங்க வேண்டும்',
          'ஆவணங்களைப் படிக்காமல் கையெழுத்திட வேண்டும்',
        ],
      },
    },
  },
  {
    category: 'Business Basics',
    difficulty: 'Medium',
    optionFormat: 'checkbox',
    correct: 2,
    text: {
      English: {
        q: 'Which of these are fixed costs for a small shop?',
        help: 'A fixed cost stays the same however much you sell.',
        options: ['Monthly shop rent', 'Salary of a permanent helper', 'Raw material for each order', 'Packaging for each parcel'],
      },
      Hindi: {
        q: 'इनमें से कौन-से छोटी दुकान के स्थिर (फ़िक्स्ड) खर्च हैं?',
        help: 'स्थिर खर्च बिक्री कम हो या ज़्यादा, उतना ही रहता है।',
        options: ['दुकान का मासिक किराया', 'स्थायी सहायक का वेतन', 'हर ऑर्डर का कच्चा माल', 'हर पार्सल की पैकिंग'],
      },
      Marathi: {
        q: 'यापैकी कोणते लहान दुकानाचे स्थिर खर्च आहेत?',
        help: 'विक्री कमी असो वा जास्त, स्थिर खर्च तेवढाच राहतो.',
        options: ['दुकानाचे मासिक भाडे', 'कायमस्वरूपी मदतनिसाचा पगार', 'प्रत्येक ऑर्डरसाठी लागणारा कच्चा माल', 'प्रत्येक पार्सलचे पॅकिंग'],
      },
      Tamil: {
        q: 'இவற்றில் எவை ஒரு சிறிய கடையின் நிலையான செலவுகள்?',
        help: 'விற்பனை கூடினாலும் குறைந்தாலும் நிலையான செலவு மாறாது.',
        options: ['கடையின் மாத வாடகை', 'நிரந்தர உதவியாளரின் சம்பளம்', 'ஒவ்வொரு ஆர்டருக்குமான மூலப்பொருள்', 'ஒவ்வொரு பார்சலுக்குமான பேக்கிங்'],
      },
    },
  },
  {
    category: 'Digital Payments',
    difficulty: 'Easy',
    text: {
      English: {
        q: 'What is the main benefit of accepting UPI payments in a shop?',
        help: 'Never share your UPI PIN: you need it only to pay, not to receive.',
        options: ['The money reaches the bank account at once', 'No record of the sale is kept', 'The customer pays twice', 'The shop must close earlier'],
      },
      Hindi: {
        q: 'दुकान में UPI से भुगतान लेने का मुख्य फ़ायदा क्या है?',
        help: 'अपना UPI पिन किसी को न बताएँ; पैसे लेने के लिए पिन की ज़रूरत नहीं होती।',
        options: ['पैसा तुरंत बैंक खाते में पहुँच जाता है', 'बिक्री का कोई रिकॉर्ड नहीं रहता', 'ग्राहक दो बार भुगतान करता है', 'दुकान जल्दी बंद करनी पड़ती है'],
      },
      Marathi: {
        q: 'दुकानात UPI ने पैसे स्वीकारण्याचा मुख्य फायदा कोणता?',
        help: 'तुमचा UPI पिन कोणालाही सांगू नका; पैसे स्वीकारण्यासाठी पिनची गरज नसते.',
        options: ['पैसे लगेच बँक खात्यात जमा होतात', 'विक्रीची कोणतीही नोंद राहत नाही', 'ग्राहक दोनदा पैसे देतो', 'दुकान लवकर बंद करावे लागते'],
      },
      Tamil: {
        q: 'கடையில் UPI மூலம் பணம் பெறுவதன் முக்கிய நன்மை என்ன?',
        help: 'உங்கள் UPI PIN-ஐ யாரிடமும் பகிர வேண்டாம்; பணம் பெறுவதற்கு PIN தேவையில்லை.',
        options: ['பணம் உடனே வங்கிக் கணக்கில் சேர்கிறது', 'விற்பனைக்கு எந்தப் பதிவும் இருக்காது', 'வாடிக்கையாளர் இரண்டு முறை பணம் செலுத்துவார்', 'கடையை முன்கூட்டியே மூட வேண்டும்'],
      },
    },
  },
  {
    category: 'Taxes & Compliance',
    difficulty: 'Easy',
    optionFormat: 'dropdown',
    text: {
      English: {
        q: 'What does GST stand for?',
        help: 'GST replaced many older indirect taxes in 2017.',
        options: ['Goods and Services Tax', 'General Sales Tax', 'Government Savings Trust', 'Gross Sales Total'],
      },
      Hindi: {
        q: 'GST का पूरा नाम क्या है?',
        help: 'GST ने 2017 में कई पुराने अप्रत्यक्ष करों की जगह ली।',
        options: [
          'वस्तु एवं सेवा कर (Goods and Services Tax)',
          'सामान्य बिक्री कर (General Sales Tax)',
          'सरकारी बचत ट्रस्ट (Government Savings Trust)',
          'कुल बिक्री योग (Gross Sales Total)',
        ],
      },
      Marathi: {
        q: 'GST चे पूर्ण रूप काय आहे?',
        help: '2017 मध्ये GST ने अनेक जुन्या अप्रत्यक्ष करांची जागा घेतली.',
        options: [
          'वस्तू आणि सेवा कर (Goods and Services Tax)',
          'सर्वसाधारण विक्री कर (General Sales Tax)',
          'सरकारी बचत ट्रस्ट (Government Savings Trust)',
          'एकूण विक्री बेरीज (Gross Sales Total)',
        ],
      },
      Tamil: {
        q: 'GST என்பதன் விரிவாக்கம் என்ன?',
        help: '2017 இல் பல பழைய மறைமுக வரிகளுக்குப் பதிலாக GST வந்தது.',
        options: [
          'சரக்கு மற்றும் சேவை வரி (Goods and Services Tax)',
          'பொது விற்பனை வரி (General Sales Tax)',
          'அரசு சேமிப்பு அறக்கட்டளை (Government Savings Trust)',
          'மொத்த விற்பனைத் தொகை (Gross Sales Total)',
        ],
      },
    },
  },
  {
    category: 'Customer Service',
    difficulty: 'Easy',
    text: {
      English: {
        q: 'A customer is unhappy with a product. What should you do first?',
        help: '',
        options: ['Listen to the complaint calmly', 'Argue that the product is fine', 'Ask them to leave the shop', 'Ignore the complaint'],
      },
      Hindi: {
        q: 'एक ग्राहक किसी सामान से नाख़ुश है। आपको सबसे पहले क्या करना चाहिए?',
        help: '',
        options: ['शांति से उसकी शिकायत सुनें', 'बहस करें कि सामान ठीक है', 'उसे दुकान से जाने को कहें', 'शिकायत को अनदेखा करें'],
      },
      Marathi: {
        q: 'एक ग्राहक एखाद्या वस्तूवर नाराज आहे. तुम्ही सर्वात आधी काय करावे?',
        help: '',
        options: ['शांतपणे त्याची तक्रार ऐकावी', 'वस्तू चांगलीच आहे असा वाद घालावा', 'त्याला दुकानातून जायला सांगावे', 'तक्रारीकडे दुर्लक्ष करावे'],
      },
      Tamil: {
        q: 'ஒரு வாடிக்கையாளர் ஒரு பொருளால் அதிருப்தி அடைந்துள்ளார். நீங்கள் முதலில் என்ன செய்ய வேண்டும்?',
        help: '',
        options: [
          'அவரது புகாரை அமைதியாகக் கேட்க வேண்டும்',
          'பொருள் நன்றாகவே உள்ளது என்று வாதிட வேண்டும்',
          'கடையை விட்டுப் போகச் சொல்ல வேண்டும்',
          'புகாரைப் புறக்கணிக்க வேண்டும்',
        ],
      },
    },
  },
  {
    category: 'Money & Savings',
    difficulty: 'Medium',
    text: {
      English: {
        q: 'Why should you keep business money and personal money separate?',
        help: 'A separate bank account for the business makes this easy.',
        options: ['To know the real profit of the business', 'To pay more tax', 'To spend business money at home', 'It makes no difference'],
      },
      Hindi: {
        q: 'व्यवसाय का पैसा और घर का पैसा अलग क्यों रखना चाहिए?',
        help: 'व्यवसाय के लिए अलग बैंक खाता रखने से यह आसान हो जाता है।',
        options: ['व्यवसाय का असली मुनाफ़ा जानने के लिए', 'ज़्यादा टैक्स भरने के लिए', 'व्यवसाय का पैसा घर पर ख़र्च करने के लिए', 'इससे कोई फ़र्क नहीं पड़ता'],
      },
      Marathi: {
        q: 'व्यवसायाचे पैसे आणि घरखर्चाचे पैसे वेगळे का ठेवावेत?',
        help: 'व्यवसायासाठी वेगळे बँक खाते ठेवल्यास हे सोपे होते.',
        options: ['व्यवसायाचा खरा नफा समजण्यासाठी', 'जास्त कर भरण्यासाठी', 'व्यवसायाचे पैसे घरासाठी खर्च करण्यासाठी', 'त्याने काहीच फरक पडत नाही'],
      },
      Tamil: {
        q: 'தொழில் பணத்தையும் சொந்தப் பணத்தையும் ஏன் தனித்தனியாக வைக்க வேண்டும்?',
        help: 'தொழிலுக்கெனத் தனி வங்கிக் கணக்கு வைத்தால் இது எளிதாகும்.',
        options: ['தொழிலின் உண்மையான லாபத்தை அறிய', 'அதிக வரி செலுத்த', 'தொழில் பணத்தை வீட்டுச் செலவுக்குப் பயன்படுத்த', 'அதனால் எந்த வித்தியாசமும் இல்லை'],
      },
    },
  },
  {
    category: 'Marketing',
    difficulty: 'Easy',
    text: {
      English: {
        q: 'Which is a good way to find out what your customers want?',
        help: '',
        options: ['Ask them and note their feedback', 'Copy a shop in another city', 'Guess without asking anyone', 'Raise all prices'],
      },
      Hindi: {
        q: 'ग्राहक क्या चाहते हैं, यह जानने का अच्छा तरीका कौन-सा है?',
        help: '',
        options: ['उनसे पूछें और उनकी राय लिखें', 'दूसरे शहर की किसी दुकान की नकल करें', 'किसी से पूछे बिना अंदाज़ा लगाएँ', 'सभी दाम बढ़ा दें'],
      },
      Marathi: {
        q: 'ग्राहकांना काय हवे आहे हे जाणून घेण्याचा चांगला मार्ग कोणता?',
        help: '',
        options: ['त्यांना विचारावे आणि त्यांचे अभिप्राय नोंदवावेत', 'दुसऱ्या शहरातील दुकानाची नक्कल करावी', 'कोणालाही न विचारता अंदाज बांधावा', 'सर्व किमती वाढवाव्यात'],
      },
      Tamil: {
        q: 'உங்கள் வாடிக்கையாளர்கள் என்ன விரும்புகிறார்கள் என்பதை அறிய நல்ல வழி எது?',
        help: '',
        options: [
          'அவர்களிடம் கேட்டு அவர்களின் கருத்துகளைக் குறித்துக்கொள்ள வேண்டும்',
          'வேறு நகரத்தில் உள்ள கடையைப் பார்த்து அப்படியே செய்ய வேண்டும்',
          'யாரிடமும் கேட்காமல் ஊகிக்க வேண்டும்',
          'எல்லா விலைகளையும் உயர்த்த வேண்டும்',
        ],
      },
    },
  },
];

// Worked-number templates: `k` picks the numbers; the answer and three wrong amounts become options.
interface Worked {
  category: CategoryName;
  difficulty: Question['difficulty'];
  /** The numbers for variant k: the answer, plausible wrong answers, and the fields the texts use. */
  numbers(k: number): { answer: number; wrong: number[]; n: Record<string, number> };
  text: PerLanguage<{ q: (n: Record<string, number>, k: number) => string; help: string }>;
}

const rupees = (amount: number): string => `₹${amount.toLocaleString('en-IN')}`;
const INTEREST_RATES = [4, 5, 6, 7, 8, 9, 10, 12];
const DISCOUNTS = [5, 10, 15, 20, 25, 30, 40, 50];
const MONTHS = [3, 6, 9, 12, 18, 24];
const GST_RATES = [5, 12, 18, 28];

const DISCOUNT_ITEMS: PerLanguage<string[]> = {
  English: ['saree', 'pressure cooker', 'school bag', 'mobile phone', 'ceiling fan'],
  Hindi: ['साड़ी', 'प्रेशर कुकर', 'स्कूल बैग', 'मोबाइल फ़ोन', 'छत का पंखा'],
  Marathi: ['साडी', 'प्रेशर कुकर', 'शाळेची बॅग', 'मोबाईल फोन', 'छताचा पंखा'],
  Tamil: ['புடவை', 'பிரஷர் குக்கர்', 'பள்ளிப் பை', 'கைபேசி', 'மின்விசிறி'],
};
/** [one unit, n units] in each language's own grammar. */
const GOODS: PerLanguage<[string, string][]> = {
  English: [['packet of seeds', 'packets'], ['notebook', 'notebooks'], ['kilogram of rice', 'kilograms']],
  Hindi: [['बीज के एक पैकेट', 'पैकेट'], ['एक कॉपी', 'कॉपियों'], ['एक किलो चावल', 'किलो चावल']],
  Marathi: [['बियाण्यांच्या एका पाकिटाची', 'पाकिटांची'], ['एका वहीची', 'वह्यांची'], ['एक किलो तांदळाची', 'किलो तांदळाची']],
  Tamil: [['ஒரு விதைப் பொட்டலத்தின்', 'பொட்டலங்களின்'], ['ஒரு நோட்டுப் புத்தகத்தின்', 'நோட்டுப் புத்தகங்களின்'], ['ஒரு கிலோ அரிசியின்', 'கிலோ அரிசியின்']],
};

const WORKED: Worked[] = [
  {
    category: 'Pricing & Profit',
    difficulty: 'Medium',
    numbers(k) {
      const cost = 100 + 35 * (k % 400);
      const profit = 10 + 5 * ((k * 7) % 30);
      const price = cost + profit;
      return { answer: profit, wrong: [price + cost, price, profit + 10, profit * 2], n: { cost, price } };
    },
    text: {
      English: { q: (n) => `A shopkeeper buys an item for ${rupees(n.cost!)} and sells it for ${rupees(n.price!)}. What is the profit?`, help: 'Profit = selling price − cost price.' },
      Hindi: { q: (n) => `एक दुकानदार ${rupees(n.cost!)} में एक सामान खरीदता है और उसे ${rupees(n.price!)} में बेचता है। उसका लाभ कितना है?`, help: 'लाभ = विक्रय मूल्य − क्रय मूल्य' },
      Marathi: { q: (n) => `एक दुकानदार ${rupees(n.cost!)} ला एक वस्तू खरेदी करतो आणि ती ${rupees(n.price!)} ला विकतो. त्याला किती नफा झाला?`, help: 'नफा = विक्री किंमत − खरेदी किंमत' },
      Tamil: { q: (n) => `ஒரு கடைக்காரர் ஒரு பொருளை ${rupees(n.cost!)}-க்கு வாங்கி ${rupees(n.price!)}-க்கு விற்கிறார். அவருக்குக் கிடைத்த லாபம் எவ்வளவு?`, help: 'லாபம் = விற்பனை விலை − அடக்க விலை' },
    },
  },
  {
    category: 'Banking & Loans',
    difficulty: 'Hard',
    numbers(k) {
      const p = 1000 * (1 + (k % 50));
      const r = INTEREST_RATES[(k * 3) % INTEREST_RATES.length]!;
      const t = 1 + (k % 5);
      const interest = (p * r * t) / 100;
      return { answer: interest, wrong: [p + interest, (p * r) / 100, interest * 2, interest + 100], n: { p, r, t } };
    },
    text: {
      English: {
        q: (n) => `You deposit ${rupees(n.p!)} at ${n.r}% simple interest per year. How much interest will you earn in ${n.t === 1 ? '1 year' : `${n.t} years`}?`,
        help: 'Simple interest = principal × rate × years ÷ 100.',
      },
      Hindi: { q: (n) => `आप ${rupees(n.p!)} को ${n.r}% वार्षिक साधारण ब्याज पर जमा करते हैं। ${n.t} वर्ष में आपको कितना ब्याज मिलेगा?`, help: 'साधारण ब्याज = मूलधन × दर × समय ÷ 100' },
      Marathi: {
        q: (n) => `तुम्ही ${rupees(n.p!)} रक्कम ${n.r}% वार्षिक सरळ व्याजाने ठेवता. ${n.t === 1 ? '1 वर्षात' : `${n.t} वर्षांत`} तुम्हाला किती व्याज मिळेल?`,
        help: 'सरळ व्याज = मुद्दल × दर × मुदत ÷ 100',
      },
      Tamil: {
        q: (n) => `நீங்கள் ${rupees(n.p!)} தொகையை ஆண்டுக்கு ${n.r}% தனி வட்டியில் வைப்பு செய்கிறீர்கள். ${n.t === 1 ? '1 ஆண்டில்' : `${n.t} ஆண்டுகளில்`} உங்களுக்கு எவ்வளவு வட்டி கிடைக்கும்?`,
        help: 'தனி வட்டி = அசல் × வட்டி விகிதம் × ஆண்டுகள் ÷ 100',
      },
    },
  },
  {
    category: 'Marketing',
    difficulty: 'Medium',
    numbers(k) {
      const price = 200 + 100 * (k % 60);
      const d = DISCOUNTS[(k * 5) % DISCOUNTS.length]!;
      const off = (price * d) / 100;
      return { answer: price - off, wrong: [off, price, price - d, price + off], n: { price, d } };
    },
    text: {
      English: { q: (n, k) => `A ${DISCOUNT_ITEMS.English[k % 5]} is priced at ${rupees(n.price!)} with a ${n.d}% discount. How much does the customer pay?`, help: 'Price to pay = price − (price × discount ÷ 100).' },
      Hindi: { q: (n, k) => `एक ${DISCOUNT_ITEMS.Hindi[k % 5]} की कीमत ${rupees(n.price!)} है और उस पर ${n.d}% की छूट है। ग्राहक को कितना भुगतान करना होगा?`, help: 'देय राशि = कीमत − (कीमत × छूट ÷ 100)' },
      Marathi: { q: (n, k) => `${DISCOUNT_ITEMS.Marathi[k % 5]} — किंमत ${rupees(n.price!)}, सूट ${n.d}%. ग्राहकाला किती पैसे द्यावे लागतील?`, help: 'द्यावी लागणारी रक्कम = किंमत − (किंमत × सूट ÷ 100)' },
      Tamil: { q: (n, k) => `${DISCOUNT_ITEMS.Tamil[k % 5]} — விலை ${rupees(n.price!)}, தள்ளுபடி ${n.d}%. வாடிக்கையாளர் செலுத்த வேண்டிய தொகை எவ்வளவு?`, help: 'செலுத்த வேண்டியது = விலை − (விலை × தள்ளுபடி ÷ 100)' },
    },
  },
  {
    category: 'Business Basics',
    difficulty: 'Easy',
    numbers(k) {
      const x = 10 + 5 * (k % 30);
      const count = 3 + ((k * 7) % 22);
      return { answer: x * count, wrong: [x + count, x * (count - 1), x * (count + 1), x * count + 10], n: { x, count } };
    },
    text: {
      English: { q: (n, k) => { const [one, many] = GOODS.English[k % 3]!; return `One ${one} costs ${rupees(n.x!)}. How much do ${n.count} ${many} cost?`; }, help: 'Total = price of one × quantity.' },
      Hindi: { q: (n, k) => { const [one, many] = GOODS.Hindi[k % 3]!; return `${one} की कीमत ${rupees(n.x!)} है। ${n.count} ${many} की कीमत कितनी होगी?`; }, help: 'कुल कीमत = एक की कीमत × संख्या' },
      Marathi: { q: (n, k) => { const [one, many] = GOODS.Marathi[k % 3]!; return `${one} किंमत ${rupees(n.x!)} आहे. ${n.count} ${many} किंमत किती होईल?`; }, help: 'एकूण किंमत = एकाची किंमत × संख्या' },
      Tamil: { q: (n, k) => { const [one, many] = GOODS.Tamil[k % 3]!; return `${one} விலை ${rupees(n.x!)}. ${n.count} ${many} விலை எவ்வளவு?`; }, help: 'மொத்த விலை = ஒன்றின் விலை × எண்ணிக்கை' },
    },
  },
  {
    category: 'Money & Savings',
    difficulty: 'Easy',
    numbers(k) {
      const s = 200 + 100 * (k % 49);
      const m = MONTHS[(k * 5) % MONTHS.length]!;
      return { answer: s * m, wrong: [s + m, s * (m - 1), s * (m + 1), s * m * 2], n: { s, m } };
    },
    text: {
      English: { q: (n) => `You save ${rupees(n.s!)} every month. How much will you have saved after ${n.m} months?`, help: '' },
      Hindi: { q: (n) => `आप हर महीने ${rupees(n.s!)} बचाते हैं। ${n.m} महीनों बाद आपकी कुल बचत कितनी होगी?`, help: '' },
      Marathi: { q: (n) => `तुम्ही दर महिन्याला ${rupees(n.s!)} बचत करता. ${n.m} महिन्यांनंतर तुमची एकूण बचत किती होईल?`, help: '' },
      Tamil: { q: (n) => `நீங்கள் ஒவ்வொரு மாதமும் ${rupees(n.s!)} சேமிக்கிறீர்கள். ${n.m} மாதங்களுக்குப் பிறகு உங்கள் மொத்தச் சேமிப்பு எவ்வளவு?`, help: '' },
    },
  },
  {
    category: 'Taxes & Compliance',
    difficulty: 'Medium',
    numbers(k) {
      const p = 500 + 250 * (k % 40);
      const g = GST_RATES[k % GST_RATES.length]!;
      const tax = (p * g) / 100;
      return { answer: p + tax, wrong: [tax, p, p - tax, p + g], n: { p, g } };
    },
    text: {
      English: { q: (n) => `A product costs ${rupees(n.p!)} before tax and GST is ${n.g}%. What is the price including GST?`, help: 'Price with GST = price + (price × GST rate ÷ 100).' },
      Hindi: { q: (n) => `किसी सामान की कीमत कर से पहले ${rupees(n.p!)} है और उस पर ${n.g}% GST लगता है। GST सहित कीमत कितनी होगी?`, help: 'GST सहित कीमत = कीमत + (कीमत × GST दर ÷ 100)' },
      Marathi: { q: (n) => `एका वस्तूची करपूर्व किंमत ${rupees(n.p!)} आहे आणि त्यावर ${n.g}% GST लागतो. GST सह किंमत किती होईल?`, help: 'GST सह किंमत = किंमत + (किंमत × GST दर ÷ 100)' },
      Tamil: { q: (n) => `ஒரு பொருளின் வரிக்கு முந்தைய விலை ${rupees(n.p!)}, அதற்கு ${n.g}% GST. GST உட்பட விலை எவ்வளவு?`, help: 'GST உட்பட விலை = விலை + (விலை × GST விகிதம் ÷ 100)' },
    },
  },
];

const rotate = <T,>(items: T[], by: number): T[] => items.map((_, i) => items[(i + by) % items.length]!);

/**
 * The i-th generated question (deterministic): languages take turns; in each language the
 * conceptual questions come first, then the worked-number templates in turn.
 */
export function questionAt(i: number): SeedQuestion {
  const language = QUESTION_LANGUAGES[i % QUESTION_LANGUAGES.length]!;
  const slot = Math.floor(i / QUESTION_LANGUAGES.length);
  if (slot < CONCEPTUAL.length) {
    const c = CONCEPTUAL[slot]!;
    const t = c.text[language];
    const correct = c.correct ?? 1;
    const options = t.options.map((option, index) => ({ option, isTrue: index < correct }));
    return {
      question: t.q,
      language,
      category: c.category,
      helpText: t.help,
      optionFormat: c.optionFormat ?? 'radio',
      difficulty: c.difficulty,
      options: rotate(options, (slot + i) % options.length),
    };
  }
  const w = WORKED[(slot - CONCEPTUAL.length) % WORKED.length]!;
  const k = Math.floor((slot - CONCEPTUAL.length) / WORKED.length);
  const { answer, wrong, n } = w.numbers(k);
  const distinct = [...new Set(wrong.filter((x) => x > 0 && x !== answer))];
  for (let step = 1; distinct.length < 3; step += 1) if (!distinct.includes(answer + 10 * step)) distinct.push(answer + 10 * step);
  const options = distinct.slice(0, 3).map((x) => ({ option: rupees(x), isTrue: false }));
  options.splice(k % 4, 0, { option: rupees(answer), isTrue: true });
  const t = w.text[language];
  return {
    question: t.q(n, k),
    language,
    category: w.category,
    helpText: t.help,
    optionFormat: k % 5 === 4 ? 'dropdown' : 'radio',
    difficulty: w.difficulty,
    options,
  };
}

/** Resources across types and languages (titles in the language's own script). */
const DEMO_RESOURCES: { title: string; language: Language; type: Resource['type'] }[] = [
  { title: 'Starting a small business: a checklist', language: 'English', type: 'Article' },
  { title: 'Simple bookkeeping for shopkeepers', language: 'English', type: 'PDF' },
  { title: 'How to accept UPI payments', language: 'English', type: 'Video' },
  { title: 'Udyam registration portal', language: 'English', type: 'Link' },
  { title: 'Monthly budget worksheet', language: 'English', type: 'Worksheet' },
  { title: 'Pricing your products for profit', language: 'English', type: 'Article' },
  { title: 'Understanding GST for small traders', language: 'English', type: 'PDF' },
  { title: 'छोटा व्यवसाय शुरू करने की जाँच-सूची', language: 'Hindi', type: 'Article' },
  { title: 'दुकानदारों के लिए आसान बहीखाता', language: 'Hindi', type: 'PDF' },
  { title: 'UPI से भुगतान कैसे लें', language: 'Hindi', type: 'Video' },
  { title: 'मासिक बजट वर्कशीट', language: 'Hindi', type: 'Worksheet' },
  { title: 'मुद्रा ऋण की जानकारी', language: 'Hindi', type: 'Link' },
  { title: 'ग्राहक सेवा के पाँच नियम', language: 'Hindi', type: 'Video' },
  { title: 'लहान व्यवसाय सुरू करण्यासाठी तपासणी यादी', language: 'Marathi', type: 'Article' },
  { title: 'दुकानदारांसाठी सोपे हिशेब', language: 'Marathi', type: 'PDF' },
  { title: 'UPI द्वारे पैसे कसे स्वीकारावे', language: 'Marathi', type: 'Video' },
  { title: 'मासिक अंदाजपत्रक कार्यपत्रिका', language: 'Marathi', type: 'Worksheet' },
  { title: 'बचत गटांची माहिती', language: 'Marathi', type: 'Article' },
  { title: 'சிறு தொழில் தொடங்குவதற்கான சரிபார்ப்புப் பட்டியல்', language: 'Tamil', type: 'Article' },
  { title: 'கடைக்காரர்களுக்கான எளிய கணக்கு வைப்பு', language: 'Tamil', type: 'PDF' },
  { title: 'UPI மூலம் பணம் பெறுவது எப்படி', language: 'Tamil', type: 'Video' },
  { title: 'மாதாந்திர வரவு-செலவுத் திட்டப் படிவம்', language: 'Tamil', type: 'Worksheet' },
  { title: 'முத்ரா கடன் பற்றிய தகவல்', language: 'Tamil', type: 'Link' },
  { title: 'ছোট ব্যবসা শুরু করার চেকলিস্ট', language: 'Bengali', type: 'Article' },
  { title: 'UPI-তে কীভাবে টাকা নেবেন', language: 'Bengali', type: 'Video' },
  { title: 'નાનો વ્યવસાય શરૂ કરવાની ચેકલિસ્ટ', language: 'Gujarati', type: 'Article' },
  { title: 'చిన్న వ్యాపారం ప్రారంభించడానికి చెక్‌లిస్ట్', language: 'Telugu', type: 'Article' },
  { title: 'ಸಣ್ಣ ವ್ಯಾಪಾರ ಆರಂಭಿಸಲು ಪರಿಶೀಲನಾ ಪಟ್ಟಿ', language: 'Kannada', type: 'Article' },
];

export const DEMO_QUESTION_COUNT = 300;
const HOUR_MS = 60 * 60 * 1000;
/** Rows per INSERT: ten array parameters, one statement per chunk. */
const CHUNK = 5000;

/** Adds the demo categories that are missing (names compare without regard to case); returns name -> id. */
async function ensureCategories(q: Queryable, now: Date): Promise<Map<string, string>> {
  await q.query(
    `INSERT INTO qb_categories (name, created_at)
     SELECT name, $2::timestamptz - (ord * interval '1 hour') FROM unnest($1::text[]) WITH ORDINALITY AS u(name, ord)
     ON CONFLICT (lower(btrim(name))) DO NOTHING`,
    [[...DEMO_CATEGORIES].reverse(), new Date(now.getTime() - 60 * 24 * HOUR_MS).toISOString()],
  );
  const rows = await q.query<{ id: string; key: string }>(`SELECT id, lower(btrim(name)) AS key FROM qb_categories`);
  const byKey = new Map(rows.map((r) => [r.key, r.id]));
  return new Map(DEMO_CATEGORIES.map((name) => [name, byKey.get(name.toLowerCase())!]));
}

/** Inserts generated questions `from` .. `from + count - 1`, each created `spacingMs` after the previous. */
async function insertGenerated(q: Queryable, categories: Map<string, string>, from: number, count: number, end: Date, spacingMs: number): Promise<void> {
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const cols = { question: [] as string[], language: [] as string[], category: [] as string[], help: [] as string[], format: [] as string[], difficulty: [] as string[], options: [] as string[], created: [] as string[], updated: [] as string[] };
    for (let j = 0; j < size; j += 1) {
      const index = start + j;
      const g = questionAt(from + index);
      const created = end.getTime() - (count - index) * spacingMs;
      // Every seventh question was edited a while after it was written.
      const updated = (from + index) % 7 === 3 ? Math.min(end.getTime(), created + 3 * 24 * HOUR_MS) : created;
      cols.question.push(g.question);
      cols.language.push(g.language);
      cols.category.push(categories.get(g.category)!);
      cols.help.push(g.helpText);
      cols.format.push(g.optionFormat);
      cols.difficulty.push(g.difficulty);
      cols.options.push(JSON.stringify(g.options));
      cols.created.push(new Date(created).toISOString());
      cols.updated.push(new Date(updated).toISOString());
    }
    await q.query(
      `INSERT INTO qb_questions (question, language, category_id, help_text, option_format, difficulty, options, created_at, updated_at)
       SELECT question, language, category_id, help_text, option_format, difficulty, options::jsonb, created_at, updated_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[])
         AS u(question, language, category_id, help_text, option_format, difficulty, options, created_at, updated_at)`,
      [cols.question, cols.language, cols.category, cols.help, cols.format, cols.difficulty, cols.options, cols.created, cols.updated],
    );
  }
}

const countOf = async (q: Queryable, table: 'qb_categories' | 'qb_questions' | 'qb_resources'): Promise<number> =>
  Number((await q.query<{ n: number | string }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0);

/**
 * Demo categories, 300 questions and the resources. Categories are added when missing; questions
 * and resources only into empty tables, so running it twice adds nothing the second time.
 */
export async function seedQuestionBank(q: Queryable, now: Date): Promise<{ categories: number; questions: number; resources: number }> {
  const before = await countOf(q, 'qb_categories');
  const categories = await ensureCategories(q, now);
  const after = await countOf(q, 'qb_categories');
  let questions = 0;
  if ((await countOf(q, 'qb_questions')) === 0) {
    // Written over the last ~25 days, two hours apart.
    await insertGenerated(q, categories, 0, DEMO_QUESTION_COUNT, now, 2 * HOUR_MS);
    questions = DEMO_QUESTION_COUNT;
  }
  let resources = 0;
  if ((await countOf(q, 'qb_resources')) === 0) {
    const created = DEMO_RESOURCES.map((_, i) => new Date(now.getTime() - (DEMO_RESOURCES.length - i) * 26 * HOUR_MS).toISOString());
    await q.query(
      `INSERT INTO qb_resources (title, language, type, created_at, updated_at)
       SELECT title, language, type, created_at, created_at FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS u(title, language, type, created_at, ord)
       ORDER BY ord`,
      [DEMO_RESOURCES.map((r) => r.title), DEMO_RESOURCES.map((r) => r.language), DEMO_RESOURCES.map((r) => r.type), created],
    );
    resources = DEMO_RESOURCES.length;
  }
  return { categories: after - before, questions, resources };
}

/**
 * Inserts `n` generated questions fast (multi-row INSERT ... SELECT FROM unnest, 5,000 rows a
 * statement, one transaction): 100,000 for the table benchmark. Adds the demo categories if missing.
 * Continues the generator after the questions already there, so texts vary from run to run.
 */
export async function seedManyQuestions(db: Db, n: number, options: { now?: Date } = {}): Promise<number> {
  if (!Number.isInteger(n) || n < 0) throw new Error(`seedManyQuestions: n must be a whole number >= 0, got ${n}`);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const categories = await ensureCategories(tx, now);
    const from = await countOf(tx, 'qb_questions');
    // One second apart, the newest now.
    await insertGenerated(tx, categories, from, n, now, 1000);
    return n;
  });
}
