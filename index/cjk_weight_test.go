package index

import (
	"testing"

	"folio/internal/testutil"
)

// A Chinese question with Latin words in it ("编译java…class…目录"): the
// page that holds java and class ranks before one that matches only more
// of the bigrams a run of Chinese makes, most of them across word
// boundaries (的目, 出到).
func TestLatinWordsInAChineseQuestionKeepTheirWeight(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"javac.md": "# javac\n\n> Java 编译器。\n\n- 编译一个 java 文件：\n\n`javac 文件名.java`\n\n- 将生成的 class 文件放入指定目录：\n\n`javac -d 路径 文件名.java`\n",
		"pack.md":  "# pack\n\n> 打包工具。\n\n- 打包到已编译的包，并输出到指定的目录：\n\n`pack --out 输出目录的路径`\n\n- 把包输出到别的目录：\n\n`pack --out 路径`\n",
	})
	if got := firstPath(t, ix, "编译java的时候怎么把class文件输出到别的目录"); got != "javac.md" {
		t.Errorf("first %s, want javac.md", got)
	}
}

// In an Arabic question a command's name typed in Latin letters is what
// the page that answers names too: "how do I restart the server after
// changing nginx's settings" finds nginx's page before one that says more
// of the question's Arabic words about another server.
func TestALatinNameInAnArabicQuestionWeighsMoreThanItsWords(t *testing.T) {
	ix := openTemp(t)
	testutil.AddFolder(t, ix.AddFolder, ImportOptions{}, map[string]string{
		"nginx.md":  "# nginx\n\n- إعادة تحميل إعدادات nginx دون إيقاف الخادم:\n\n`nginx -s reload`\n",
		"apache.md": "# الخادم\n\n- إعادة تشغيل الخادم بعد تغيير الملفات:\n\n`apachectl restart`\n",
		"other.md":  "# أخرى\n\nتغيير كلمة السر.\n",
	})
	if got := firstPath(t, ix, "كيف اعيد تشغيل الخادم بعد تغيير اعدادات nginx"); got != "nginx.md" {
		t.Errorf("first %s, want nginx.md", got)
	}
}
