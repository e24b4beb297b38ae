import Foundation

/// The package's root directory, found from the path of `file` (the caller's, by default).
package func packageRoot(_ file: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: file)
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url.deleteLastPathComponent()
    }
    return url
}
