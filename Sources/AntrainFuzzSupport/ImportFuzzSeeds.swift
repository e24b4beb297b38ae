import Foundation

extension ImportFuzzEntryPoint {
    /// Small real-shaped files of every format, each with its format byte first: the seed
    /// corpus of the fuzz target and the start of the suite's mutations.
    public static func seeds(seasonJSONL: Data? = nil) -> [[UInt8]] {
        var seeds = samples.map { [$0.0] + Array($0.1.utf8) }
        if let season = seasonJSONL {
            let lines = season.split(separator: 0x0A).prefix(40)
            seeds.append([0] + Array(lines.joined(separator: [0x0A])))
        }
        return seeds
    }

    /// (format byte, text): 1 Strong, 2 Hevy, 3 FitNotes, 4 Cronometer; +0x40 asks for no
    /// default weight unit.
    static let samples: [(UInt8, String)] = [
        (1, """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes
        2023-05-01 07:30:00;Legs;Squat (Barbell);W;60;kg;5;;0;;0;;Felt good
        2023-05-01 07:30:00;Legs;Squat (Barbell);1;100;kg;5;8;0;;0;;Felt good
        2023-05-01 07:30:00;Legs;Squat (Barbell);Rest Timer;0;kg;0;;0;;90;;
        2023-05-01 07:30:00;Legs;Running;1;0;kg;0;;5;km;1500;;

        """),
        (1 | 0x40, """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2021-07-07 18:35:21,"Push - Shoulder",1h 5m,"Overhead Press (Barbell)",1,115.0,4,0,0,"","",
        2021-07-09 18:00:00,"Pull",31m,"Plank",1,0,0,0,60,,,

        """),
        (1, """
        "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
        "1";"2024-01-02 06:00:00";"Full body";"2700";"Deadlift (Barbell)";"1";"140";"3";"8.5";"";"";"";""

        """),
        (2, """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","weight_lbs","reps","distance_km","distance_miles","duration_seconds","rpe"
        "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Seated Leg Curl (Machine)",,"",0,"warmup",39,,10,,,0,6
        "Lower","15 Sep 2025, 07:48","15 Sep 2025, 09:13","","Treadmill",,"easy pace
        then hills",0,"normal",,,,,2,1200,

        """),
        (3, """
        Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
        2024-04-25,Seated Machine Fly,Chest,50.0,kgs,8,,,,""
        2024-04-26,Rowing Machine,Cardio,,,,2.0,km,0:08:30,

        """),
        (4, """
        Day,Time,Group,Food Name,Amount,Energy (kcal),Carbs (g),Fat (g),Protein (g)
        2020-07-15,05:17,Drinks,"Jasmine Tea","600.00 g",6.00,1.2,0.00,0.00
        2020-07-15,,Breakfast,"Honey","1.00 tsp",21.3,5.8,,0.01

        """),
    ]
}
