package analyze

import "testing"

func TestLanguageOfTextsAndQuestions(t *testing.T) {
	for text, want := range map[string]string{
		"find out who last changed lines 40 to 60 of a file in git":                                                              "en",
		"# git blame\n\n> Muestra el hash del commit y el autor de cada línea de un archivo.\n\n`git blame {{ruta/al/archivo}}`": "es",
		"# git blame\n\n> Zeigt für jede Zeile die letzte Änderung und den Autor an.\n\n`git blame {{pfad/zur/datei}}`":          "de",
		// A Chinese page whose link and code are Latin is still Chinese.
		"# javac\n\n> Java 程序编译器。\n> 更多信息：<https://docs.oracle.com/en/java/javase/25/docs/specs/man/javac.html>。\n\n- 编译一个 `.java` 文件：\n\n`javac {{文件名.java}}`": "zh-hans",
		"怎么把一个目录加到PATH环境变量里": "zh-hans",
		// Traditional Chinese by the characters only it writes (層, 資),
		// and Chinese whose characters both write.
		"一次建立多層資料夾":                            "zh-hant",
		"# mkdir\n\n> 建立目錄。\n\n`mkdir {{目錄}}`": "zh-hant",
		"中文": "zh",
		"# git blame\n\n> 각 줄의 마지막 수정자를 보여줍니다.\n\n`git blame {{경로/대상/파일}}`": "ko",
		"ファイルの最後の行を表示する":                                                    "ja",
		// Arabic prose around a code block and HTML stays Arabic.
		"يجب أن تكون <div id=\"modals\"></div> موجودة بالفعل في DOM عند وصل المكون\n\n```js\nconst app = createApp({ template: '<div>hello world</div>' })\n```": "ar",
		"Просмотр содержимого файла": "ru",
		// Persian and Urdu write Arabic script with letters of their own.
		"# tar\n\n> ابزار آرشیو کردن.\n\n- ایجاد یک آرشیو و نوشتن آن در یک فایل:\n\n`tar cf {{path/to/target.tar}}`": "fa",
		"# tar\n\n> أداة للأرشفة.\n\n- إنشاء أرشيف وكتابته في ملف:\n\n`tar cf {{path/to/target.tar}}`":               "ar",
		"یہ فائل کی آخری لائنیں دکھاتا ہے":                                                                           "ur",
		"كيف أغير اسم الجهاز في لينكس":                                                                               "ar",
		// Latin names and commands in an Arabic or Chinese question.
		"Vue 3 ومتصفح IE11":        "ar",
		"Vue خفيف لصفحات HTML":     "ar",
		"ubuntu上怎么关掉apache里的某一个网站": "zh-hans",
		// Nothing to tell them apart by: Arabic.
		"حذف المجلدات": "ar",
		// "a" is English too (and Czech, Portuguese): without it, this was
		// Czech, and so were 700 of tldr's 7,425 English pages (or Portuguese).
		"What's a quick way to let a coworker send files to my computer through a web page on a port I choose?":                                                                                                                   "en",
		"# tar\n\n> Archiving utility.\n\n- Create an archive and write it to a file:\n\n`tar cf {{path/to/target.tar}}`\n\n- Extract a (compressed) archive file into the current directory:\n\n`tar xf {{path/to/source.tar}}`": "en",
		"# tar\n\n> Nástroj pro archivaci.\n\n- Vytvoř archiv a zapiš ho do souboru:\n\n`tar cf {{cesta/k/cili.tar}}`":                                                                                                            "cs",
		// Portuguese and Romanian share words with Spanish (este, um/un, de,
		// al): their own common words tell them apart.
		"# arch\n\n> Este comando é um apelido de `uname`.\n\n- Veja documentação sobre o comando original:\n\n`tldr uname`":    "pt",
		"# brew abv\n\n> Această comandă este un alias al `brew info`.\n\n- Vizualizați documentația pentru comanda originală:": "ro",
		// Letters run into digits are names (S3, mp3, v2): "s" and "v" are
		// Czech words only when they stand alone.
		"S3 to S3: copy S3 objects from S3 buckets to a v2 S3 store": "en",
		// Norwegian pages read as English, Danish, Finnish and Uzbek ones as
		// any Latin language, before they had words of their own.
		"# cat\n\n> Viser innholdet av en fil og skriver det til terminalen.":               "no",
		"# cat\n\n> Viser indholdet af en fil og skriver det til terminalen.":               "da",
		"# cat\n\n> Näyttää tiedoston sisällön ja kirjoittaa sen, jos se on olemassa.":      "fi",
		"# bun list\n\n> Ushbu buyruq taxallus.\n\n- Asl buyruq uchun hujjatlarni ko'rish:": "uz",
		// Scripts of their own, with commands in Latin letters.
		"# cat\n\n> একটি ফাইলের বিষয়বস্তু দেখান।\n\n`cat {{path/to/file}}`":       "bn",
		"# cat\n\n> ஒரு கோப்பின் உள்ளடக்கத்தைக் காட்டு.\n\n`cat {{path/to/file}}`": "ta",
		"# cat\n\n> ສະແດງເນື້ອໃນຂອງໄຟລ໌.\n\n`cat {{path/to/file}}`":                "lo",
		"# cat\n\n> ფაილის შიგთავსის ჩვენება.\n\n`cat {{path/to/file}}`":           "ka",
		"# cat\n\n> ཡིག་ཆའི་ནང་དོན་སྟོན།\n\n`cat {{path/to/file}}`":                "other",
		// Too few function words to tell which Latin language.
		"VA car grant amount": "latin",
		// Code alone says nothing.
		"```\nfmt.Println(x)\n```": "",
		"":                         "",
	} {
		if got := Language(text); got != want {
			t.Errorf("Language(%.40q) = %q, want %q", text, got, want)
		}
	}
}

func TestCompatibleLanguages(t *testing.T) {
	for _, c := range []struct {
		q, p string
		want bool
	}{
		{"en", "en", true},
		{"en", "es", false},
		{"en", "ko", false},
		{"zh", "en", false},
		{"zh-hans", "zh-hant", false}, // one cannot quote the other: 工具链 against 工具鏈
		{"zh-hant", "zh", true},       // Chinese that does not tell which
		{"zh", "zh-hans", true},
		{"zh-hans", "ja", false},
		{"latin", "es", true}, // a keyword query may want any Latin language
		{"latin", "ko", false},
		{"latin", "bn", false}, // a Bengali page does not answer a keyword query in English
		{"en", "other", false},
		{"en", "latin", true}, // a passage of names and numbers
		{"ar", "latin", false},
		{"ar", "fa", false}, // a Persian page does not answer an Arabic question
		{"", "ko", true},
		{"en", "", true},
	} {
		if got := Compatible(c.q, c.p); got != c.want {
			t.Errorf("Compatible(%q, %q) = %v, want %v", c.q, c.p, got, c.want)
		}
	}
}

// BenchmarkLanguage is the cost per candidate passage (a search judges
// 60–200): a 1,200-character English passage.
func BenchmarkLanguage(b *testing.B) {
	text := ""
	for len(text) < 1200 {
		text += "Unused annual leave hours carry over to the next year, up to `240` hours; see the [policy](https://example.org/leave). "
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Language(text)
	}
}

func TestKeywordLanguageIsMostOfTheCandidates(t *testing.T) {
	for _, c := range []struct {
		langs []string
		want  string
	}{
		{[]string{"fr", "en", "pt", "en", "ko", "en"}, "en"}, // Korean pages do not vote
		{[]string{"fr", "en", "pt", "en", "fr"}, "latin"},    // not twice the next
		{[]string{"es", "latin", "", "es", "zh"}, "es"},
		{[]string{"es"}, "latin"}, // one page is no evidence
		{[]string{"ko", "ja"}, "latin"},
		{nil, "latin"},
	} {
		if got := KeywordLanguage(c.langs); got != c.want {
			t.Errorf("KeywordLanguage(%v) = %q, want %q", c.langs, got, c.want)
		}
	}
}
