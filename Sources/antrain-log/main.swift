print("antrain-log")
