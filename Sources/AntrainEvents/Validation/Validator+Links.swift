extension Validator {
    /// What ``youTubeLink(_:_:)`` allows, in words.
    static let youTubeLinkForms = "a YouTube video link: [https://]youtube.com/watch?v=ID (with an optional www. or m.) "
        + "or [https://]youtu.be/ID, the ID made of letters, digits, - and _ only"

    /// An optional YouTube video link: absent, or exactly `youtube.com/watch?v=ID` or `youtu.be/ID`,
    /// optionally after `https://` or `http://`, with `www.` or `m.` allowed before `youtube.com`.
    ///
    /// ```swift
    /// validator.youTubeLink("https://youtu.be/rT7DgCr-3pg", "youTubeURL")              // passes
    /// validator.youTubeLink("https://www.youtube.com/watch?v=rT7DgCr-3pg", "youTubeURL") // passes
    /// validator.youTubeLink("https://youtu.be/rT7DgCr-3pg?t=30", "youTubeURL")          // fails
    /// ```
    public mutating func youTubeLink(_ value: String?, _ field: String) {
        guard let value else { return }
        check(Self.isYouTubeLink(value), field, value: Self.quoted(value), allowed: Self.youTubeLinkForms)
    }

    /// Whether `text` is one of the link forms ``youTubeLink(_:_:)`` allows; nothing may follow the ID.
    static func isYouTubeLink(_ text: String) -> Bool {
        var rest = Substring(text)
        if let afterScheme = rest.dropping(prefix: "https://") ?? rest.dropping(prefix: "http://") {
            rest = afterScheme
        }
        let id: Substring
        if let shortID = rest.dropping(prefix: "youtu.be/") {
            id = shortID
        } else {
            if let host = rest.dropping(prefix: "www.") ?? rest.dropping(prefix: "m.") { rest = host }
            guard let watchID = rest.dropping(prefix: "youtube.com/watch?v=") else { return false }
            id = watchID
        }
        return !id.isEmpty && id.unicodeScalars.allSatisfy(isVideoIDScalar)
    }

    /// ASCII letters, digits, `-` and `_`: the characters of a YouTube video ID.
    private static func isVideoIDScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
        default: return false
        }
    }
}

extension Substring {
    /// The rest after `prefix`, or nil when the text does not start with it.
    fileprivate func dropping(prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}
