/// The frame of every page: one HTML5 document with the stylesheet inline, no script, nothing
/// fetched, web addresses in its texts made inert (`InertLinks`). The body is passed in already
/// escaped; the title is escaped here.
enum PageShell {
    static func document(title: String, body: String) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<title>\(HTMLText.escape(title))</title>\n<style>\n\(ReportStyle.css)\n</style>\n</head>\n"
        html += "<body>\n<main>\n\(body)</main>\n</body>\n</html>\n"
        return InertLinks.apply(html)
    }
}
