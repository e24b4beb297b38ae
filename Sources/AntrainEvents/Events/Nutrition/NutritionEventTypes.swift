/// The event types of nutrition, profile and body, settings, and the cardio and metcon quick logs.
public enum NutritionAndBodyEventTypes {
    /// Every type of the group, once each, for registries that decode records by type name.
    public static let all: [any DomainEvent.Type] = [
        CardioLogged.self,
        MetconLogged.self,
        FoodItemCreated.self,
        FoodItemUpdated.self,
        FoodItemDeleted.self,
        FoodFavourited.self,
        FoodLogged.self,
        FoodEntryCorrected.self,
        FoodEntryRemoved.self,
        ProfileUpdated.self,
        BodyweightRecorded.self,
        SettingsChanged.self,
    ]
}
