package query

import (
	"strings"

	"folio/index/analyze"
)

// everydayGroups link a word people say to the words reference text uses
// for the same thing: family words to the forms' (dad → father, parent),
// body and illness words to the clinical ones (shot → vaccine, belly →
// abdomen), everyday admin words to policy ones (car → vehicle), and the
// short forms of technical words (config → configuration, sync →
// synchronize). The first word of a group is linked to each of the others
// and each of them back to it; the others are not linked to each other
// (husband → spouse, wife → spouse, but never husband → wife). A linked
// word counts at half a typed word, like another form of it, and is shown
// under "Also searched" when a hit holds it.
var everydayGroups = [][]string{
	// People.
	{"dad", "father", "parent"}, {"mom", "mother", "parent"}, {"mum", "mother", "parent"},
	{"kid", "child"}, {"baby", "infant", "newborn"}, {"toddler", "child"},
	{"teen", "teenager", "adolescent"}, {"husband", "spouse"}, {"wife", "spouse"},
	{"boss", "supervisor", "manager"}, {"coworker", "colleague"}, {"vet", "veteran"},
	// Life and work.
	{"job", "employment"}, {"salary", "pay", "wage"}, {"pay", "compensation", "payment"},
	{"money", "payment", "funds"}, {"refund", "reimbursement"}, {"car", "vehicle", "automobile"},
	{"vacation", "leave"}, {"died", "deceased", "death"}, {"dead", "deceased"}, {"quit", "resign"},
	{"buy", "purchase"}, {"help", "assistance"},
	{"cost", "price", "fee"}, {"phone", "telephone"}, {"start", "begin"}, {"need", "require"},
	{"allowed", "permitted"}, {"rules", "policy", "regulations"}, {"trip", "travel"},
	{"hotel", "lodging"}, {"plane", "airplane", "aircraft"}, {"fix", "repair"},
	// Body and health.
	{"shot", "vaccine", "injection"}, {"jab", "vaccine", "injection"}, {"pee", "urine", "urinate"},
	{"poop", "stool", "feces"}, {"puke", "vomit"}, {"belly", "abdomen", "abdominal"},
	{"tummy", "stomach", "abdomen"}, {"pill", "tablet"}, {"medicine", "drug"},
	{"painkiller", "analgesic"}, {"itchy", "itching", "pruritus"}, {"bleeding", "hemorrhage"},
	{"sugar", "glucose"}, {"overweight", "obesity"}, {"germ", "bacteria", "microbe"},
	{"flu", "influenza"}, {"tired", "fatigue"}, {"dizzy", "dizziness", "vertigo"},
	{"swelling", "edema"}, {"sweat", "perspiration"}, {"inherited", "genetic", "hereditary"},
	{"deadly", "fatal", "lethal"}, {"cure", "treatment"},
	{"mouth", "oral"}, {"nose", "nasal"}, {"bedwetting", "enuresis"},
	{"teeth", "dental"}, {"tooth", "dental"}, {"eye", "ocular"}, {"brain", "cerebral", "neurological"},
	{"breathing", "respiratory"}, {"pregnant", "pregnancy"}, {"birth", "childbirth"}, {"born", "birth"},
	// Computers.
	{"folder", "directory"}, {"delete", "remove"}, {"erase", "delete", "remove"}, {"show", "display"},
	{"sync", "synchronize", "synchronization"}, {"config", "configuration"}, {"dir", "directory"},
	{"env", "environment"}, {"repo", "repository"}, {"app", "application"}, {"info", "information"},
	{"docs", "documentation"}, {"pic", "picture", "image"}, {"passwd", "password"},
	{"admin", "administrator"}, {"auth", "authentication"}, {"db", "database"}, {"var", "variable"},
	{"func", "function"}, {"arg", "argument"}, {"param", "parameter"}, {"msg", "message"},
	{"pkg", "package"}, {"lib", "library"}, {"stats", "statistics"},
	{"cpu", "processor"}, {"ram", "memory"}, {"screen", "display"},
	{"crash", "panic"}, {"shortcut", "alias"},
	// Arabic: the everyday verb beside the one documentation uses.
	{"حذف", "إزالة"}, {"مسح", "حذف", "إزالة"}, {"جهاز", "حاسوب"},
}

// arabicComputing links a computing word people type in Latin letters in
// the middle of an Arabic question ("كيف أخلي الـ prop إجباري", "اضافة
// مستخدم الى group") to the Arabic word Arabic documentation writes for it
// (خاصية، مجموعة). One way only: the Arabic word does not bring the
// English one, which English pages and code hold.
var arabicComputing = [][2]string{
	{"component", "مكون"}, {"prop", "خاصية"}, {"props", "خاصية"}, {"property", "خاصية"},
	{"attribute", "سمة"}, {"array", "مصفوفة"}, {"directive", "موجه"}, {"event", "حدث"},
	{"template", "قالب"}, {"form", "نموذج"}, {"port", "منفذ"}, {"slot", "منفذ"},
	{"server", "خادم"}, {"file", "ملف"}, {"folder", "مجلد"}, {"directory", "مجلد"},
	{"user", "مستخدم"}, {"group", "مجموعة"}, {"ref", "مرجع"}, {"reference", "مرجع"},
	{"state", "حالة"}, {"variable", "متغير"}, {"function", "دالة"}, {"error", "خطأ"},
	{"log", "سجل"}, {"path", "مسار"}, {"element", "عنصر"}, {"package", "حزمة"},
	{"repository", "مستودع"}, {"repo", "مستودع"}, {"branch", "فرع"}, {"app", "تطبيق"},
	{"page", "صفحة"}, {"link", "رابط"}, {"window", "نافذة"}, {"button", "زر"},
	{"list", "قائمة"}, {"table", "جدول"}, {"computed", "محسوبة"}, {"watcher", "مراقب"},
	{"render", "تصيير"}, {"hook", "خطاف"}, {"plugin", "إضافة"}, {"key", "مفتاح"},
	{"value", "قيمة"}, {"object", "كائن"}, {"string", "سلسلة"}, {"loop", "حلقة"},
	{"performance", "أداء"}, {"memory", "ذاكرة"}, {"process", "عملية"}, {"permission", "صلاحية"},
	{"size", "حجم"}, {"disk", "قرص"}, {"network", "شبكة"}, {"image", "صورة"},
	{"audio", "صوت"}, {"install", "تثبيت"}, {"update", "تحديث"}, {"delete", "حذف"},
	{"system", "نظام"}, {"terminal", "طرفية"}, {"screen", "شاشة"}, {"scroll", "تمرير"},
	{"password", "مرور"}, {"compress", "ضغط"}, {"archive", "أرشيف"}, {"encrypt", "تشفير"},
	{"download", "تنزيل"}, {"upload", "رفع"}, {"browser", "متصفح"}, {"project", "مشروع"},
	{"test", "اختبار"}, {"style", "نمط"}, {"class", "فئة"}, {"selector", "محدد"},
	{"compiler", "مترجم"}, {"merge", "دمج"}, {"version", "إصدار"}, {"settings", "إعدادات"},
	{"option", "خيار"}, {"command", "أمر"}, {"character", "حرف"}, {"letter", "حرف"},
	{"data", "بيانات"}, {"database", "بيانات"}, {"search", "بحث"}, {"website", "موقع"},
	{"container", "حاوية"}, {"debug", "تصحيح"}, {"library", "مكتبة"},
}

// everyday maps an analysed term to its everyday links, both ways;
// forwardLinks only from an everyday word to the words reference text
// uses for it (car: vehicle, not back), and from a computing word to its
// Arabic word.
var everyday, forwardLinks = func() (both, forward map[string][]string) {
	both, forward = map[string][]string{}, map[string][]string{}
	link := func(m map[string][]string, a, b string) {
		if a != b && !contains(m[a], b) {
			m[a] = append(m[a], b)
		}
	}
	for _, group := range everydayGroups {
		var terms []string
		for _, w := range group {
			t := analyze.IndexText(w)
			if t == "" || strings.Contains(t, " ") {
				continue
			}
			terms = append(terms, t)
		}
		if len(terms) < 2 {
			continue // TestEverydayWordsAreOneTermEach names the word
		}
		for _, o := range terms[1:] {
			link(both, terms[0], o)
			link(forward, terms[0], o)
			link(both, o, terms[0])
		}
	}
	for _, pair := range arabicComputing {
		if a, b := analyze.IndexText(pair[0]), analyze.IndexText(pair[1]); a != "" && b != "" && !strings.Contains(a+b, " ") {
			link(both, a, b)
			link(forward, a, b)
		}
	}
	return both, forward
}()
