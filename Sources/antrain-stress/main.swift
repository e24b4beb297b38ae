// Placeholder: replaced by the stress writer (issue 6).
print("antrain-stress")
