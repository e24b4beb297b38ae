import AntrainEvents

/// Reads Cronometer's servings export: `Day,Time,Group,Food Name,Amount,Energy (kcal),…`
/// with a variable set of nutrient columns (protein, carbohydrates and fat are found by
/// name), amounts like `600.00 g` or `1.00 tsp`, and exports without the `Time` column.
/// Nutrients in the file are those of the amount eaten; an empty nutrient cell is 0.
struct CronometerCSV {
    let values: ExportValues

    func read(_ table: CSVTable) throws(ImportError) -> ImportedFile {
        let header = table.header
        try header.require(.cronometer)
        func nutrient(_ names: [String], prefix: String, label: String) throws(ImportError) -> Int {
            for name in names { if let index = header.index(of: name) { return index } }
            if let index = header.index(startingWith: prefix) { return index }
            throw ImportError(line: 1, reason: "this Cronometer export has no \(label) column (looked for \(names.joined(separator: ", ")))")
        }
        let energy = try nutrient(["Energy (kcal)"], prefix: "Energy", label: "energy")
        let protein = try nutrient(["Protein (g)"], prefix: "Protein", label: "protein")
        let carbs = try nutrient(["Carbs (g)", "Carbohydrates (g)", "Total Carbs (g)"], prefix: "Carbohydrate", label: "carbohydrate")
        let fat = try nutrient(["Fat (g)", "Total Fat (g)"], prefix: "Fat (", label: "fat")
        let column = (day: header.index(of: "Day"), time: header.index(of: "Time"), group: header.index(of: "Group"),
                      food: header.index(of: "Food Name"), amount: header.index(of: "Amount"))
        var file = ImportedFile(format: .cronometer)
        for row in table.rows {
            func skip(_ kind: SkipKind, _ reason: String) { file.skipped.append(SkippedRow(line: row.line, kind, reason: reason)) }
            guard let day = values.day(row[column.day]) else { skip(.date, "day \"\(row[column.day])\" is not a day (YYYY-MM-DD)"); continue }
            let food = row[column.food]
            guard !food.isEmpty else { skip(.name, "no food name"); continue }
            let amountParts = row[column.amount].split(separator: " ", maxSplits: 1)
            if let amountText = amountParts.first, Double(amountText) == 0 {
                skip(.nothingEaten, "amount \"\(row[column.amount])\" is 0: nothing was eaten")
                continue
            }
            guard let amountText = amountParts.first, let amount = Double(amountText), amount.isFinite, amount > 0 else {
                skip(.amount, "amount \"\(row[column.amount])\" is not a positive number and a unit, like \"600.00 g\"")
                continue
            }
            var nutrients: [Double] = []
            for (index, label) in [(energy, "energy"), (protein, "protein"), (carbs, "carbohydrates"), (fat, "fat")] {
                guard let value = values.number(row[index]), (value ?? 0) >= 0 else {
                    skip(.amount, "\(label) \"\(row[index])\" is not a number of at least 0")
                    break
                }
                nutrients.append(value ?? 0)
            }
            guard nutrients.count == 4 else { continue }
            let time = row[column.time]
            let group = row[column.group]
            file.foods.append(ImportedFoodEntry(line: row.line, day: day, time: time.isEmpty ? nil : time,
                                                meal: group.isEmpty ? "Uncategorized" : group, foodName: food, amount: amount,
                                                unit: amountParts.count == 2 ? String(amountParts[1]) : "serving",
                                                calories: nutrients[0], proteinGrams: nutrients[1], carbsGrams: nutrients[2], fatGrams: nutrients[3]))
        }
        return file
    }
}
