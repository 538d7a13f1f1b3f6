console.log("test bundle")
